import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '../../shared/schemas/users';
import type { Account } from '../../shared/wire';
import { api } from '../api/client';
import { fieldError } from '../components/form';
import { PasswordField } from '../components/password-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', passwordConfirmation: '' };

/** ADR 0014: a new password while signed in. This session continues; the server ends the others. */
export function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordInput>({
    mode: 'all',
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
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
            error={fieldError(form, 'currentPassword')}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label={t('accountSecurity.password.new')}
            autoComplete="new-password"
            required
            error={fieldError(form, 'password')}
            {...form.register('password')}
          />
          <PasswordField
            label={t('accountSecurity.password.confirmation')}
            autoComplete="new-password"
            required
            error={fieldError(form, 'passwordConfirmation')}
            {...form.register('passwordConfirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={change.isPending}>
              {t('accountSecurity.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
