import { Paper, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordInput } from '../../shared/schemas/users';
import type { Account } from '../../shared/wire';
import { api } from '../api/client';
import { boundField } from '../components/form';
import { SubmitRow } from '../components/form-buttons';
import { NewPasswordFields } from '../components/new-password-fields';
import { PasswordField } from '../components/password-field';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', passwordConfirmation: '' };

/** ADR 0014: a new password while signed in. This session continues; the server ends the others. */
export function PasswordForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => api<Account>('POST', '/account/password', { body: input }),
    onSuccess: () => {
      // Passwords are not kept on screen once changed; on a failure, everything typed stays.
      form.reset(EMPTY);
      toast('success', t('accountSecurity.password.saved'));
    },
    onError: (error) => reportError(error, { setError: form.setError }),
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-form-title">
      <form noValidate onSubmit={form.handleSubmit((input) => change.mutate(input))}>
        <Stack>
          <Title order={2} size="h3" id="password-form-title">
            {t('accountSecurity.password.title')}
          </Title>
          <PasswordField
            label={t('accountSecurity.password.current')}
            autoComplete="current-password"
            required
            {...boundField(form, 'currentPassword')}
          />
          <NewPasswordFields
            form={form}
            label={t('accountSecurity.password.new')}
            confirmationLabel={t('accountSecurity.password.confirmation')}
          />
          <SubmitRow busy={change.isPending}>{t('accountSecurity.password.submit')}</SubmitRow>
        </Stack>
      </form>
    </Paper>
  );
}
