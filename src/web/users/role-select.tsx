import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { ROLES } from '../../shared/constants';
import { SelectField } from '../components/select-field';

/** The role choice of the invite form and the user edit page, by their localized names (docs/SPEC.md §6). */
export function RoleSelect<T extends FieldValues & { role: string }>({
  form,
  label,
}: {
  form: UseFormReturn<T>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      form={form}
      name={'role' as Path<T>}
      label={label}
      required
      data={ROLES.map((role) => ({ value: role, label: t(`common.roles.${role}`) }))}
    />
  );
}
