import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n';
import { RISK_RATINGS, riskRatingKey, type Company } from '../../shared/companies';
import { AvatarField } from './avatar-field';
import { BlurFormattedField, LookupSelect, NumberField, PhoneField, TextField, useCompanyForm } from './fields';
import { formatDayMonth, formatZipCode } from './format';
import { FormSection } from './form-section';
import { useActivityAreas, useLegalForms, useMunicipalities, useStatuses } from './lookups';
import { OverseeingUserSelect } from './overseeing-user-select';
import { SimilarCompanies } from './similar-companies';

/** Logo, name and the reference number the server gives (read-only). */
export function IdentitySection({
  referenceNumber,
  avatarUrl,
  onBusyChange,
}: {
  referenceNumber: string | null;
  avatarUrl: string | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('companies.form.sections.identity')}>
      <AvatarField savedUrl={avatarUrl} onBusyChange={onBusyChange} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <TextField name="name" label={t('companies.form.fields.name')} required autoComplete="organization" />
          {/* A new company only: the one being edited would be its own duplicate. */}
          {!referenceNumber && <SimilarCompanies />}
        </div>
        <TextInput
          label={t('companies.form.fields.referenceNumber')}
          value={referenceNumber ?? ''}
          placeholder={referenceNumber ? undefined : t('companies.form.fields.referenceNumberPending')}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** Address, municipality and zip code; choosing a municipality fills an empty zip code with its default. */
export function AddressSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const municipalities = useMunicipalities();

  const fillZipCode = (municipalityId: string | null) => {
    const municipality = municipalities.data?.find((m) => m.id === municipalityId);
    const zipCode = form.getValues('address.zipCode');
    if (municipality && !String(zipCode ?? '').trim()) {
      form.setValue('address.zipCode', municipality.defaultZipCode, { shouldValidate: true, shouldDirty: true });
    }
  };

  return (
    <FormSection title={t('companies.form.sections.address')}>
      <TextField
        name="address.address"
        label={t('companies.form.fields.address')}
        required
        autoComplete="street-address"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          name="address.municipalityId"
          label={t('companies.form.fields.municipality')}
          items={municipalities.data}
          required
          searchable
          onPicked={fillZipCode}
        />
        <BlurFormattedField
          name="address.zipCode"
          label={t('companies.form.fields.zipCode')}
          required
          autoComplete="postal-code"
          format={formatZipCode}
        />
      </SimpleGrid>
    </FormSection>
  );
}

export function ContactSection() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('companies.form.sections.contact')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="website" label={t('companies.form.fields.website')} type="url" autoComplete="url" />
        <TextField
          name="emailAddress"
          label={t('companies.form.fields.emailAddress')}
          type="email"
          autoComplete="email"
        />
        <PhoneField
          name="phoneNumber"
          label={t('companies.form.fields.phoneNumber')}
          placeholder={t('companies.form.fields.phoneNumberPlaceholder')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

export function ProfileSection({ overseeingUser }: { overseeingUser: Company['overseeingUser'] }) {
  const { t } = useTranslation();
  const legalForms = useLegalForms();
  const activityAreas = useActivityAreas();
  const statuses = useStatuses();
  return (
    <FormSection title={t('companies.form.sections.profile')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          name="legalFormId"
          label={t('companies.form.fields.legalForm')}
          items={legalForms.data}
          required
        />
        <LookupSelect
          name="activityAreaId"
          label={t('companies.form.fields.activityArea')}
          items={activityAreas.data}
          required
          searchable
        />
        <LookupSelect name="statusId" label={t('companies.form.fields.status')} items={statuses.data} required />
        <NumberField
          name="employeeCount"
          label={t('companies.form.fields.employeeCount')}
          kind="integer"
          inputMode="numeric"
        />
        <LookupSelect
          name="riskRating"
          label={t('companies.form.fields.riskRating')}
          items={RISK_RATINGS.map((rating) => ({ id: rating, name: t(riskRatingKey(rating)) }))}
          noneLabel={t(riskRatingKey(null))}
        />
        <BlurFormattedField
          name="endOfFinancialYear"
          label={t('companies.form.fields.endOfFinancialYear')}
          placeholder={t('companies.form.fields.endOfFinancialYearPlaceholder')}
          format={formatDayMonth}
        />
        <OverseeingUserSelect saved={overseeingUser} />
      </SimpleGrid>
    </FormSection>
  );
}
