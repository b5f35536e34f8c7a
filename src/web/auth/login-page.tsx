import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { checkSignIn, type SignInValues } from '../../shared/schemas/plain-checks';
import { api, ApiError } from '../api/client';
import { GuestLayout } from '../components/guest-layout';
import { PasswordField } from '../components/password-field';
import { reportError } from '../components/server-errors';
import { useSignInAnswer, type SignInAnswer } from '../session/sign-in-answer';
import { usePlainForm } from './plain-form';

export function LoginPage() {
  const { t } = useTranslation();
  const answered = useSignInAnswer();
  const location = useLocation();
  // signInSchema's rules without zod on the first load (plain-checks.ts); the API parses with the schema.
  const form = usePlainForm<SignInValues>({ email: '', password: '' }, checkSignIn);

  const signIn = useMutation({
    mutationFn: (input: SignInValues) => api<SignInAnswer>('POST', '/sign_in', { body: input }),
    onSuccess: async (answer) => {
      const from = (location.state as { from?: string } | null)?.from;
      await answered(answer, from && from !== '/login' ? from : '/');
    },
    onError: (error) =>
      reportError(error, {
        // Every refused sign-in reads the same (docs/SPEC.md §8), whatever the reason.
        fallbackKey: error instanceof ApiError && error.status === 401 ? 'auth.login.failure' : undefined,
      }),
  });

  return (
    <GuestLayout title={t('auth.login.title')}>
      <form noValidate onSubmit={form.handleSubmit((input) => signIn.mutate(input))}>
        <Stack>
          <TextInput
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            required
            error={form.error('email')}
            {...form.register('email')}
          />
          <PasswordField
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            error={form.error('password')}
            {...form.register('password')}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('auth.login.submit')}
          </Button>
          <Anchor component={Link} to="/passwords/forgot" size="sm">
            {t('auth.login.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to="/invitations/resend" size="sm">
            {t('auth.login.resendInvitation')}
          </Anchor>
          <Anchor component={Link} to="/privacy-officer" size="sm">
            {t('auth.login.privacy')}
          </Anchor>
        </Stack>
      </form>
    </GuestLayout>
  );
}
