import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../i18n';

/**
 * "Entreprise archivée" beside a loan whose company is archived: the loan still holds money, so it stays on the
 * portfolio's screens and takes payments (docs/decisions/0060).
 */
export function ArchivedCompanyBadge(props: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color="gray.8" radius="sm" {...props}>
      {t('companies.archivedCompany')}
    </Badge>
  );
}
