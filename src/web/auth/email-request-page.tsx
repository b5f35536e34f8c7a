import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { checkEmailRequest, type EmailRequestValues } from '../../shared/schemas/plain-checks';
import { api } from '../api/client';
import { GuestLayout } from '../components/guest-layout';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { usePlainForm } from './plain-form';

/**
 * "Forgot password" and "resend invitation" are the same page: an email, a send button, a link back.
 * The answer is the same whether or not the address exists (docs/SPEC.md §8).
 */
function EmailRequestPage({ path, texts }: { path: string; texts: 'passwords.forgot' | 'invitations.resend' }) {
  const { t } = useTranslation();
  // The schemas' rules without zod on the first load (plain-checks.ts); the API parses with the schemas.
  const form = usePlainForm<EmailRequestValues>({ email: '' }, checkEmailRequest);
  const send = useMutation({
    mutationFn: (input: EmailRequestValues) => api('POST', path, { body: input }),
    onSuccess: () => toast('success', t(`${texts}.success`)),
    onError: (error) => reportError(error, { fallbackKey: `${texts}.failure` }),
  });

  return (
    <GuestLayout title={t(`${texts}.title`)}>
      <form noValidate onSubmit={form.handleSubmit((input) => send.mutate(input))}>
        <Stack>
          <Text size="sm">{t(`${texts}.intro`)}</Text>
          <TextInput
            label={t(`${texts}.email`)}
            type="email"
            autoComplete="email"
            required
            error={form.error('email')}
            {...form.register('email')}
          />
          <Button type="submit" loading={send.isPending}>
            {t(`${texts}.submit`)}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t(`${texts}.backToLogin`)}
          </Anchor>
        </Stack>
      </form>
    </GuestLayout>
  );
}

export function ForgotPasswordPage() {
  return <EmailRequestPage path="/passwords/forgot" texts="passwords.forgot" />;
}

export function ResendInvitationPage() {
  return <EmailRequestPage path="/invitations/resend" texts="invitations.resend" />;
}
