import { Select } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { ROLES } from '../../shared/constants';
import { fieldError } from '../components/form';

/** The role choice of the invite form and the user edit page, by their localized names (docs/SPEC.md §6). */
export function RoleSelect<T extends FieldValues & { role: string }>({
  form,
  label,
}: {
  form: UseFormReturn<T>;
  label: string;
}) {
  const { t } = useTranslation();
  const name = 'role' as Path<T>;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          allowDeselect={false}
          data={ROLES.map((role) => ({ value: role, label: t(`common.roles.${role}`) }))}
          value={field.value as string}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          error={fieldError(form, name)}
        />
      )}
    />
  );
}
