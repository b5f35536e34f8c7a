import { Badge, Group, Title } from '@mantine/core';
import { useTranslation } from '../i18n';

/** "Two-factor sign-in" and whether it is on, heading the section on My account and on a user's page. */
export function TwoFactorHeading({ id, enabled }: { id: string; enabled: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Title order={2} size="h3" id={id}>
        {t('twoFactor.title')}
      </Title>
      {enabled !== undefined && (
        <Badge variant="outline" color={enabled ? 'teal.9' : 'gray.8'}>
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      )}
    </Group>
  );
}
