import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n';
import {
  confirmInvitationFormSchema,
  resetPasswordFormSchema,
  type ConfirmInvitationFormInput,
  type ResetPasswordFormInput,
} from '../../shared/schemas/users';
import { api, ApiError } from '../api/client';
import { PersonNameFields } from '../components/person-name-fields';
import { GuestLayout } from '../components/guest-layout';
import { NewPasswordFields } from '../components/new-password-fields';
import { useSchemaForm } from '../components/schema-form';
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

/**
 * The signed-out card of a page opened from an emailed link: without a token, only why; with one, the form, the
 * reason of a refusal, the submit; below, the way back to signing in and the way to a new link.
 */
function TokenCard({
  title,
  token,
  missingToken,
  onSubmit,
  failure,
  failureTestId,
  submit,
  busy,
  links,
  children,
}: {
  title: string;
  token: string;
  missingToken: string;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  failure: string | null;
  failureTestId?: string;
  submit: string;
  busy: boolean;
  links: { to: string; label: string }[];
  children: ReactNode;
}) {
  return (
    <GuestLayout title={title}>
      {!token ? (
        <Alert color="red" role="alert">
          {missingToken}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack>
            {children}
            {failure && (
              <Alert color="red" role="alert" data-testid={failureTestId}>
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={busy}>
              {submit}
            </Button>
          </Stack>
        </form>
      )}
      <Group mt="md" justify="space-between">
        {links.map(({ to, label }) => (
          <Anchor key={to} component={Link} to={to} size="sm">
            {label}
          </Anchor>
        ))}
      </Group>
    </GuestLayout>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token, mutation } = useTokenSubmit<ResetPasswordFormInput>('/passwords/reset');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', passwordConfirmation: '' });

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
    <TokenCard
      title={t('passwords.reset.title')}
      token={token}
      missingToken={t('passwords.reset.missingToken')}
      onSubmit={submit}
      failure={failure}
      failureTestId="reset-failure"
      submit={t('passwords.reset.submit')}
      busy={mutation.isPending}
      links={[
        { to: '/login', label: t('passwords.reset.backToLogin') },
        { to: '/passwords/forgot', label: t('passwords.reset.forgot') },
      ]}
    >
      <NewPasswordFields
        form={form}
        label={t('passwords.reset.password')}
        confirmationLabel={t('passwords.reset.passwordConfirmation')}
      />
    </TokenCard>
  );
}

export function ConfirmInvitationPage() {
  const { t } = useTranslation();
  const { token, mutation } = useTokenSubmit<ConfirmInvitationFormInput>('/invitations/confirm');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(confirmInvitationFormSchema, {
    password: '',
    passwordConfirmation: '',
    firstName: '',
    lastName: '',
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
    <TokenCard
      title={t('invitations.confirm.title')}
      token={token}
      missingToken={t('invitations.confirm.missingToken')}
      onSubmit={submit}
      failure={failure}
      submit={t('invitations.confirm.submit')}
      busy={mutation.isPending}
      links={[
        { to: '/login', label: t('invitations.resend.backToLogin') },
        { to: '/invitations/resend', label: t('invitations.confirm.resend') },
      ]}
    >
      <Text size="sm">{t('invitations.confirm.intro')}</Text>
      <NewPasswordFields
        form={form}
        label={t('invitations.confirm.password')}
        confirmationLabel={t('invitations.confirm.passwordConfirmation')}
      />
      <PersonNameFields
        form={form}
        firstNameLabel={t('invitations.confirm.firstName')}
        lastNameLabel={t('invitations.confirm.lastName')}
      />
    </TokenCard>
  );
}
