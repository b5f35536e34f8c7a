import { Fieldset, Group, SimpleGrid } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation, type KeyUnder } from '../i18n';
import { emptyOwner } from '../../shared/schemas/company';
import { BlurFormattedField, NumberField, PhoneField, TextField, useCompanyForm } from './fields';
import { formatZipCode } from './format';
import { RemoveRowButton, RowsSection } from './form-section';

/** docs/SPEC.md §2 owners: repeatable rows, each in its own numbered group with its remove button. */
export function OwnersSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  // `keyName` keeps react-hook-form's row key apart from the owner's own `id`, which the save sends back.
  const owners = useFieldArray({ control: form.control, name: 'owners', keyName: 'key' });
  const add = () => owners.append(emptyOwner(), { shouldFocus: true });
  const o = (key: KeyUnder<'companies.form.owners'>) => t(`companies.form.owners.${key}`);

  return (
    <RowsSection part="owners" count={owners.fields.length} adds={[{ label: 'companies.form.owners.add', onAdd: add }]}>
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
            <RemoveRowButton label={o('remove')} onRemove={() => owners.remove(index)} />
          </Group>
        </Fieldset>
      ))}
    </RowsSection>
  );
}
