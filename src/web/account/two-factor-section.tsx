import { LoadingMark } from '../components/status-pages';
import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatInstant } from '../../shared/intl';
import type { Passkey, TwoFactorChange, TwoFactorStatus } from '../../shared/schemas/two-factor';
import { queryKeys } from '../api/query-keys';
import { useConfirm } from '../components/confirm-dialog';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { TwoFactorHeading } from '../components/two-factor-heading';
import { useTranslation } from '../i18n';
import { PasskeySetup } from './passkey-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { regenerateRecoveryCodes, removePasskey, removeTotp, useTwoFactorStatus } from './two-factor-api';

/** My account's "Two-factor sign-in": the authenticator app, passkeys and recovery codes (ADR 0035). */
export function TwoFactorSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const status = useTwoFactorStatus();
  /** Codes just made: shown until the person says they kept them. */
  const [codes, setCodes] = useState<string[] | null>(null);

  const show = (next: TwoFactorStatus) => queryClient.setQueryData(queryKeys.twoFactor, next);
  const changed = (change: TwoFactorChange, message: string) => {
    show(change.status);
    if (change.recoveryCodes) setCodes(change.recoveryCodes);
    toast('success', message);
  };
  const run = async (call: () => Promise<TwoFactorStatus>, message: string) => {
    try {
      show(await call());
      toast('success', message);
    } catch (error) {
      reportError(error);
    }
  };
  const date = (iso: string) => formatInstant(iso, i18n.language);

  const askRemoveTotp = () =>
    confirm({
      text: t('twoFactor.totp.confirmRemove'),
      confirmLabel: t('twoFactor.totp.remove'),
      danger: true,
      onConfirm: () => run(removeTotp, t('twoFactor.totp.removed')),
    });
  const askRemovePasskey = (passkey: Passkey) =>
    confirm({
      text: t('twoFactor.passkeys.confirmRemove', { name: passkey.name }),
      confirmLabel: t('twoFactor.passkeys.remove', { name: passkey.name }),
      danger: true,
      onConfirm: () => run(() => removePasskey(passkey), t('twoFactor.passkeys.removed')),
    });
  const askRegenerate = () =>
    confirm({
      text: t('twoFactor.recovery.confirmRegenerate'),
      confirmLabel: t('twoFactor.recovery.regenerate'),
      onConfirm: async () => {
        try {
          const change = await regenerateRecoveryCodes();
          show(change.status);
          setCodes(change.recoveryCodes);
        } catch (error) {
          reportError(error);
        }
      },
    });

  const data = status.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="two-factor-title">
      <Stack>
        <TwoFactorHeading id="two-factor-title" enabled={data?.enabled} />
        <Text size="sm">{t('twoFactor.intro')}</Text>
        {status.isPending && <LoadingMark size="sm" />}
        {status.isError && <Text role="alert">{t('errors.generic')}</Text>}
        {data && (
          <>
            {data.required && !data.enabled && (
              <Alert color="yellow" role="status">
                {t('twoFactor.required')}
              </Alert>
            )}
            {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}

            <Divider />
            <Title order={3} size="h4">
              {t('twoFactor.totp.title')}
            </Title>
            {data.totp ? (
              <Group justify="space-between">
                <Badge variant="outline" color="teal.9">
                  {t('twoFactor.on')}
                </Badge>
                <Button variant="outline" color="red.9" onClick={askRemoveTotp}>
                  {t('twoFactor.totp.remove')}
                </Button>
              </Group>
            ) : (
              <TotpSetup onAdded={({ data: change }) => changed(change, t('twoFactor.totp.added'))} />
            )}

            <Divider />
            <Title order={3} size="h4">
              {t('twoFactor.passkeys.title')}
            </Title>
            <Text size="sm">{t('twoFactor.passkeys.intro')}</Text>
            {data.passkeys.length === 0 ? (
              <Text size="sm" c="gray.8">
                {t('twoFactor.passkeys.none')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.passkeys.map((passkey) => (
                  <Group component="li" key={passkey.id} justify="space-between" wrap="wrap">
                    <div>
                      <Text fw={500}>{passkey.name}</Text>
                      <Text size="sm" c="gray.8">
                        {t('twoFactor.passkeys.addedOn', { date: date(passkey.insertedAt) })} ·{' '}
                        {passkey.lastUsedAt
                          ? t('twoFactor.passkeys.lastUsed', { date: date(passkey.lastUsedAt) })
                          : t('twoFactor.passkeys.neverUsed')}
                      </Text>
                    </div>
                    <Button variant="outline" color="red.9" size="xs" onClick={() => askRemovePasskey(passkey)}>
                      {t('twoFactor.passkeys.remove', { name: passkey.name })}
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
            <PasskeySetup onAdded={({ data: change }) => changed(change, t('twoFactor.passkeys.added'))} />

            {data.enabled && (
              <>
                <Divider />
                <Title order={3} size="h4">
                  {t('twoFactor.recovery.title')}
                </Title>
                <Text size="sm">{t('twoFactor.recovery.intro')}</Text>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {t('twoFactor.recovery.left', { count: data.recoveryCodesLeft })}
                  </Text>
                  <Button variant="default" onClick={askRegenerate}>
                    {t('twoFactor.recovery.regenerate')}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
