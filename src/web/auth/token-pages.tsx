import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n';
import {
  confirmInvitationFormSchema,
  resetPasswordFormSchema,
  type ConfirmInvitationFormInput,
  type ResetPasswordFormInput,
} from '../../shared/schemas/users';
import { api, ApiError } from '../api/client';
import { fieldError } from '../components/form';
import { GuestLayout } from '../components/guest-layout';
import { PasswordField } from '../components/password-field';
import { reportError } from '../components/server-errors';
import { useSignInAnswer, type SignInAnswer } from '../session/sign-in-answer';

/** Sends the form with the link's token; on success the answer's authorization header signs the person in. */
function useTokenSubmit<T>(path: string) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answered = useSignInAnswer();
  const mutation = useMutation({
    mutationFn: (input: T) => api<SignInAnswer>('POST', path, { body: { ...input, token } }),
    // Signed in, or first the second factor: a link from a mailbox is not one (ADR 0035).
    onSuccess: (answer) => answered(answer, '/'),
  });
  return { token, mutation };
}

/** An unknown, used or expired link is not a field the person can fix: say so in words. */
function tokenProblem(error: unknown): boolean {
  return error instanceof ApiError && error.body.code === 'invalid_token';
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token, mutation } = useTokenSubmit<ResetPasswordFormInput>('/passwords/reset');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    mode: 'all',
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    mutation.mutate(input, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && !tokenProblem(error)) {
          reportError(error, { setError: form.setError });
        }
        // docs/SPEC.md §8: the reset failure is shown inline, with the server's reason when it has one.
        setFailure(
          tokenProblem(error) && error instanceof ApiError
            ? `${t('account.passwords.reset.failure')} ${error.body.message}`
            : t('account.passwords.reset.failure'),
        );
      },
    });
  });

  return (
    <GuestLayout title={t('passwords.reset.title')}>
      {!token ? (
        <Alert color="red" role="alert">
          {t('passwords.reset.missingToken')}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <PasswordField
              label={t('passwords.reset.password')}
              autoComplete="new-password"
              required
              error={fieldError(form, 'password')}
              {...form.register('password')}
            />
            <PasswordField
              label={t('passwords.reset.passwordConfirmation')}
              autoComplete="new-password"
              required
              error={fieldError(form, 'passwordConfirmation')}
              {...form.register('passwordConfirmation')}
            />
            {failure && (
              <Alert color="red" role="alert" data-testid="reset-failure">
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={mutation.isPending}>
              {t('passwords.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Group mt="md" justify="space-between">
        <Anchor component={Link} to="/login" size="sm">
          {t('passwords.reset.backToLogin')}
        </Anchor>
        <Anchor component={Link} to="/passwords/forgot" size="sm">
          {t('passwords.reset.forgot')}
        </Anchor>
      </Group>
    </GuestLayout>
  );
}

export function ConfirmInvitationPage() {
  const { t } = useTranslation();
  const { token, mutation } = useTokenSubmit<ConfirmInvitationFormInput>('/invitations/confirm');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConfirmInvitationFormInput>({
    mode: 'all',
    resolver: zodResolver(confirmInvitationFormSchema),
    defaultValues: { password: '', passwordConfirmation: '', firstName: '', lastName: '' },
  });

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    mutation.mutate(input, {
      onError: (error) => {
        if (tokenProblem(error) && error instanceof ApiError) setFailure(error.body.message);
        else reportError(error, { setError: form.setError, fallbackKey: 'invitations.confirm.failure' });
      },
    });
  });

  return (
    <GuestLayout title={t('invitations.confirm.title')}>
      {!token ? (
        <Alert color="red" role="alert">
          {t('invitations.confirm.missingToken')}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <Text size="sm">{t('invitations.confirm.intro')}</Text>
            <PasswordField
              label={t('invitations.confirm.password')}
              autoComplete="new-password"
              required
              error={fieldError(form, 'password')}
              {...form.register('password')}
            />
            <PasswordField
              label={t('invitations.confirm.passwordConfirmation')}
              autoComplete="new-password"
              required
              error={fieldError(form, 'passwordConfirmation')}
              {...form.register('passwordConfirmation')}
            />
            <TextInput
              label={t('invitations.confirm.firstName')}
              autoComplete="given-name"
              required
              error={fieldError(form, 'firstName')}
              {...form.register('firstName')}
            />
            <TextInput
              label={t('invitations.confirm.lastName')}
              autoComplete="family-name"
              required
              error={fieldError(form, 'lastName')}
              {...form.register('lastName')}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={mutation.isPending}>
              {t('invitations.confirm.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Group mt="md" justify="space-between">
        <Anchor component={Link} to="/login" size="sm">
          {t('invitations.resend.backToLogin')}
        </Anchor>
        <Anchor component={Link} to="/invitations/resend" size="sm">
          {t('invitations.confirm.resend')}
        </Anchor>
      </Group>
    </GuestLayout>
  );
}
