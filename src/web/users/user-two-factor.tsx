import { LoadingMark } from '../components/status-pages';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatInstant } from '../../shared/intl';
import type { User } from '../../shared/wire';
import { useConfirm } from '../components/confirm-dialog';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { TwoFactorHeading } from '../components/two-factor-heading';
import { useTranslation } from '../i18n';
import { useResetTwoFactor, useUserTwoFactor } from './api';

/** A user's second factors on their page, the administrator's reset, and its history (ADR 0035). */
export function UserTwoFactor({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const query = useUserTwoFactor(user.id, i18n.language);
  const reset = useResetTwoFactor(user.id);
  const data = query.data;

  const askReset = () =>
    confirm({
      text: t('twoFactor.admin.confirmReset', { name: user.fullName }),
      confirmLabel: t('twoFactor.admin.reset'),
      danger: true,
      onConfirm: async () => {
        try {
          await reset.mutateAsync();
          toast('success', t('twoFactor.admin.resetDone'));
        } catch (error) {
          reportError(error);
        }
      },
    });
  const yesNo = (value: boolean) => (value ? t('twoFactor.admin.yes') : t('twoFactor.admin.no'));

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="user-two-factor-title">
      <Stack>
        <TwoFactorHeading id="user-two-factor-title" enabled={data?.enabled} />
        {query.isPending && <LoadingMark size="sm" />}
        {query.isError && <Text role="alert">{t('errors.generic')}</Text>}
        {data && (
          <>
            <Text size="sm">
              {t('twoFactor.admin.summary', {
                totp: yesNo(data.totp),
                passkeys: data.passkeys.length,
                codes: data.recoveryCodesLeft,
              })}
            </Text>
            {data.required && <Text size="sm">{t('twoFactor.required')}</Text>}
            <Group>
              <Button variant="outline" color="red.9" onClick={askReset} disabled={!data.enabled}>
                {t('twoFactor.admin.reset')}
              </Button>
            </Group>
            <Title order={3} size="h4" id="user-two-factor-history">
              {t('twoFactor.admin.history')}
            </Title>
            {data.history.length === 0 ? (
              <Text size="sm" c="gray.8">
                {t('twoFactor.admin.noHistory')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table aria-labelledby="user-two-factor-history">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('twoFactor.admin.columns.date')}</Table.Th>
                      <Table.Th>{t('twoFactor.admin.columns.change')}</Table.Th>
                      <Table.Th>{t('twoFactor.admin.columns.by')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.history.map((event) => (
                      <Table.Tr key={event.id}>
                        <Table.Td>{formatInstant(event.insertedAt, i18n.language)}</Table.Td>
                        <Table.Td>{event.description}</Table.Td>
                        <Table.Td>{event.actorName ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
