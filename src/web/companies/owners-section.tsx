import { useRef } from 'react';
import { Button, Fieldset, Group, SimpleGrid } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { emptyOwner } from '../../shared/schemas/company';
import { BlurFormattedField, NumberField, PhoneField, TextField, useCompanyForm } from './fields';
import { formatZipCode } from './format';
import { EmptySection, focusLater, FormSection } from './form-section';

/** docs/SPEC.md §2 owners: repeatable rows, each in its own numbered group with its remove button. */
export function OwnersSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  // `keyName` keeps react-hook-form's row key apart from the owner's own `id`, which the save sends back.
  const owners = useFieldArray({ control: form.control, name: 'owners', keyName: 'key' });
  const heading = useRef<HTMLHeadingElement>(null);
  const add = () => owners.append(emptyOwner(), { shouldFocus: true });
  const o = (key: string) => t(`companies.form.owners.${key}`);

  return (
    <FormSection
      title={t('companies.form.sections.owners')}
      headingRef={heading}
      action={
        owners.fields.length > 0 ? (
          <Button variant="light" onClick={add}>
            {o('add')}
          </Button>
        ) : undefined
      }
    >
      {owners.fields.length === 0 && <EmptySection text={o('empty')} addLabel={o('add')} onAdd={add} />}
      {owners.fields.map((field, index) => (
        <Fieldset key={field.key} legend={t('companies.form.owners.numbered', { number: index + 1 })}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField name={`owners.${index}.name`} label={o('name')} required />
            <PhoneField name={`owners.${index}.phoneNumber`} label={o('phoneNumber')} />
            <NumberField name={`owners.${index}.sharesPercentage`} label={o('sharesPercentage')} kind="decimal" />
            <TextField name={`owners.${index}.address`} label={o('address')} />
            <TextField name={`owners.${index}.city`} label={o('city')} />
            <BlurFormattedField name={`owners.${index}.zipCode`} label={o('zipCode')} format={formatZipCode} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            {/* Named "Remove this owner" within the group "Owner N". */}
            <Button
              variant="subtle"
              color="red.9"
              c="red.9"
              onClick={() => {
                owners.remove(index);
                focusLater(heading);
              }}
            >
              {o('remove')}
            </Button>
          </Group>
        </Fieldset>
      ))}
    </FormSection>
  );
}
