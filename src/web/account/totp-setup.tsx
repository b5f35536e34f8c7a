import { LoadingMark } from '../components/status-pages';
import { lazy, Suspense, useState } from 'react';
import '@mantine/core/styles/Code.css';
import { Box, Button, Center, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { confirmTotpSchema, type TotpSetup as Setup, type TwoFactorChange } from '../../shared/schemas/two-factor';
import type { ApiResponse } from '../api/client';
import { boundField } from '../components/form';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { useTranslation } from '../i18n';
import { confirmTotp, startTotp } from './two-factor-api';
import { loadChunk } from '../components/stale-build';

const QrCode = lazy(() => loadChunk(() => import('./qr-code')));
/** The QR code's side in CSS pixels; its place is kept while its chunk loads, so that nothing below it moves. */
const QR_SIZE = 200;

/**
 * Setting up an authenticator app: a button, then the QR code with the key written out, and the first code to
 * confirm it. `token` is the proof of a password step when this runs at sign-in instead of on My account.
 */
export function TotpSetup({
  token,
  onAdded,
}: {
  token?: string;
  onAdded: (answer: ApiResponse<TwoFactorChange>) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useSchemaForm(confirmTotpSchema, { code: '' });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTotp(token));
    } catch (error) {
      reportError(error);
    } finally {
      setStarting(false);
    }
  };
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onAdded(await confirmTotp(code, token));
      setSetup(null);
      form.reset();
    } catch (error) {
      reportError(error, { setError: form.setError });
    }
  });

  if (!setup) {
    return (
      <Group>
        <Button variant="light" onClick={() => void start()} loading={starting}>
          {t('twoFactor.totp.add')}
        </Button>
      </Group>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text size="sm">{t('twoFactor.totp.scan')}</Text>
        <Box w={QR_SIZE} h={QR_SIZE}>
          <Suspense
            fallback={
              <Center h="100%">
                <LoadingMark size="sm" />
              </Center>
            }
          >
            <QrCode value={setup.uri} label={t('twoFactor.totp.qrLabel')} size={QR_SIZE} />
          </Suspense>
        </Box>
        <div>
          <Text size="sm" fw={500} id="totp-secret-label">
            {t('twoFactor.totp.secret')}
          </Text>
          <Code aria-labelledby="totp-secret-label" style={{ wordBreak: 'break-all', fontSize: '1rem' }}>
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
        </div>
        <TextInput
          label={t('twoFactor.totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maw={240}
          {...boundField(form, 'code')}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('twoFactor.totp.confirm')}
          </Button>
          <Button variant="default" onClick={() => setSetup(null)}>
            {t('twoFactor.totp.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
