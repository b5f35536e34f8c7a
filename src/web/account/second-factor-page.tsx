import { useState } from 'react';
// Signed out, the signed-in frame's styles (signed-in.css) are not loaded: this screen brings its own.
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FieldValues, type UseFormSetError } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  confirmTotpSchema,
  recoveryCodeFormSchema,
  type SecondFactorChallenge,
  type TwoFactorChange,
} from '../../shared/schemas/two-factor';
import type { Account } from '../../shared/wire';
import { api, ApiError, type ApiResponse } from '../api/client';
import { boundField } from '../components/form';
import { GuestLayout } from '../components/guest-layout';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useSession } from '../session/session';
import type { SecondStepState } from '../session/sign-in-answer';
import { assertPasskey, PasskeyProblem } from './passkey-browser';
import { PasskeySetup } from './passkey-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

/**
 * /login/two-factor: the second step of a sign-in (or of a password reset, or an invitation), reached with the
 * challenge of the password step in the navigation's state (ADR 0035). A reload loses it: sign in again.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const state = useLocation().state as SecondStepState | null;
  const [expired, setExpired] = useState(false);
  const challenge = state?.challenge;
  if (!challenge || expired) {
    return (
      <GuestLayout title={t('twoFactor.signIn.title')}>
        <Stack>
          <Alert color="yellow" role="alert">
            {t('twoFactor.signIn.expired')}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            {t('twoFactor.signIn.backToLogin')}
          </Anchor>
        </Stack>
      </GuestLayout>
    );
  }
  const props = { challenge, to: state.to, onExpired: () => setExpired(true) };
  return challenge.enrolmentRequired ? <Enrolment {...props} /> : <SecondStep {...props} />;
}

interface StepProps {
  challenge: SecondFactorChallenge;
  to: string;
  onExpired: () => void;
}

const isExpiry = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Signs in with the session the answer carries, then goes where the sign-in was headed. */
function useFinish(to: string) {
  const session = useSession();
  const navigate = useNavigate();
  return async (headers: Headers, account: Account) => {
    await session.signIn(headers, account);
    void navigate(to, { replace: true });
  };
}

function SecondStep({ challenge, to, onExpired }: StepProps) {
  const { t } = useTranslation();
  const finish = useFinish(to);
  const methods = challenge.methods;
  const [recovering, setRecovering] = useState(!methods.includes('totp') && !methods.includes('passkey'));
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const codeForm = useSchemaForm(confirmTotpSchema, { code: '' });
  const recoveryForm = useSchemaForm(recoveryCodeFormSchema, { recoveryCode: '' });

  const send = async (body: object, setError?: UseFormSetError<FieldValues>) => {
    try {
      const { data, headers } = await api<Account>('POST', '/sign_in/second_factor', {
        body: { proof: challenge.proof, ...body },
      });
      await finish(headers, data);
    } catch (error) {
      if (isExpiry(error)) onExpired();
      else reportError(error, { setError });
    }
  };
  const submitCode = codeForm.handleSubmit(({ code }) =>
    send({ code }, codeForm.setError as UseFormSetError<FieldValues>),
  );
  const submitRecovery = recoveryForm.handleSubmit(({ recoveryCode }) =>
    send({ recoveryCode }, recoveryForm.setError as UseFormSetError<FieldValues>),
  );
  const signInWithPasskey = async () => {
    setPasskeyBusy(true);
    try {
      await send({ credential: await assertPasskey(challenge.passkeyOptions) });
    } catch (error) {
      if (error instanceof PasskeyProblem) toast('error', t(error.messageKey));
      else reportError(error);
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <GuestLayout title={t('twoFactor.signIn.title')}>
      <Stack>
        <Text size="sm">{t('twoFactor.signIn.intro')}</Text>
        {methods.includes('passkey') && !recovering && (
          <Stack gap="xs">
            <Text size="sm">{t('twoFactor.signIn.passkeyIntro')}</Text>
            <Button onClick={() => void signInWithPasskey()} loading={passkeyBusy}>
              {t('twoFactor.signIn.usePasskey')}
            </Button>
          </Stack>
        )}
        {methods.includes('passkey') && methods.includes('totp') && !recovering && <Divider />}
        {methods.includes('totp') && !recovering && (
          <form noValidate onSubmit={(event) => void submitCode(event)}>
            <Stack>
              <TextInput
                label={t('twoFactor.signIn.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                // The only field of this screen, reached right after the password: the cursor waits in it.
                autoFocus={!methods.includes('passkey')}
                {...boundField(codeForm, 'code')}
              />
              <Button type="submit" loading={codeForm.formState.isSubmitting}>
                {t('twoFactor.signIn.submit')}
              </Button>
            </Stack>
          </form>
        )}
        {recovering && (
          <form noValidate onSubmit={(event) => void submitRecovery(event)}>
            <Stack>
              <TextInput
                label={t('twoFactor.signIn.recoveryCode')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                autoFocus
                {...boundField(recoveryForm, 'recoveryCode')}
              />
              <Button type="submit" loading={recoveryForm.formState.isSubmitting}>
                {t('twoFactor.signIn.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Group justify="space-between">
          {methods.includes('recovery_code') && !recovering && (
            <Anchor component="button" type="button" size="sm" onClick={() => setRecovering(true)}>
              {t('twoFactor.signIn.useRecoveryCode')}
            </Anchor>
          )}
          {recovering && (methods.includes('totp') || methods.includes('passkey')) && (
            <Anchor component="button" type="button" size="sm" onClick={() => setRecovering(false)}>
              {methods.includes('totp') ? t('twoFactor.signIn.useCode') : t('twoFactor.signIn.usePasskey')}
            </Anchor>
          )}
          <Anchor component={Link} to="/login" size="sm">
            {t('twoFactor.signIn.backToLogin')}
          </Anchor>
        </Group>
      </Stack>
    </GuestLayout>
  );
}

/** The office requires a second factor this account lacks: set one up, which signs the person in. */
function Enrolment({ challenge, to, onExpired }: StepProps) {
  const { t } = useTranslation();
  const finish = useFinish(to);
  const [done, setDone] = useState<{ codes: string[]; headers: Headers; account: Account } | null>(null);

  const added = async ({ data, headers }: ApiResponse<TwoFactorChange>) => {
    const session = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1];
    if (!session) return onExpired();
    const account = (await api<Account>('GET', '/user', { token: session })).data;
    // The codes are shown before the session starts: once signed in, the screen moves on.
    if (data.recoveryCodes) setDone({ codes: data.recoveryCodes, headers, account });
    else await finish(headers, account);
  };
  const guarded = async (answer: ApiResponse<TwoFactorChange>) => {
    try {
      await added(answer);
    } catch (error) {
      if (isExpiry(error)) onExpired();
      else throw error;
    }
  };

  return (
    <GuestLayout title={t('twoFactor.enrol.title')}>
      {done ? (
        <RecoveryCodes codes={done.codes} onDone={() => void finish(done.headers, done.account)} />
      ) : (
        <Stack>
          <Text size="sm">{t('twoFactor.enrol.intro')}</Text>
          <Title order={2} size="h4">
            {t('twoFactor.totp.title')}
          </Title>
          <TotpSetup token={challenge.proof} onAdded={guarded} />
          <Divider />
          <Title order={2} size="h4">
            {t('twoFactor.passkeys.title')}
          </Title>
          <Text size="sm">{t('twoFactor.passkeys.intro')}</Text>
          <PasskeySetup token={challenge.proof} onAdded={guarded} />
          <Anchor component={Link} to="/login" size="sm">
            {t('twoFactor.signIn.backToLogin')}
          </Anchor>
        </Stack>
      )}
    </GuestLayout>
  );
}
