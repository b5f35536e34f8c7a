import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { LOCALES } from '../../shared/constants';
import { accountSchema, type AccountInput } from '../../shared/schemas/auth';
import type { Account } from '../../shared/wire';
import { api } from '../api/client';
import { PersonNameFields } from '../components/person-name-fields';
import { boundField } from '../components/form';
import { SubmitRow } from '../components/form-buttons';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n, setLocale, useTranslation } from '../i18n';
import { PasswordField } from '../components/password-field';
import { SelectField } from '../components/select-field';
import { accountInputOf } from '../session/account-language';
import { USER_QUERY_KEY, useSession } from '../session/session';
import { PasswordForm } from './password-form';
import { RemindersSection } from './reminders-section';
import { TwoFactorSection } from './two-factor-section';

/** The values the form starts from: the account as saved, and no current password typed yet. */
function initialValues(user: Account): AccountInput {
  return { ...accountInputOf(user), currentPassword: '' };
}

/** The email is stored lower-cased and trimmed: only another address is a change. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function AccountPage() {
  const { user } = useSession();
  // The layout only renders signed-in pages, so the user is there; the key remounts after a save.
  return user ? <AccountForm key={user.lockVersion} user={user} /> : null;
}

function AccountForm({ user }: { user: Account }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const form = useSchemaForm(accountSchema, initialValues(user));
  // A save remounts this form (key = lockVersion), so a saved form is never dirty.
  useUnsavedChanges(form.formState.isDirty);

  // ADR 0014: the current password is asked for, and sent, only when the sign-in email changes.
  const emailChanged = !sameEmail(useWatch({ control: form.control, name: 'email' }) ?? '', user.email);

  const save = useMutation({
    mutationFn: ({ currentPassword, ...input }: AccountInput) =>
      api<Account>('POST', '/account', {
        body: { ...input, ...(emailChanged ? { currentPassword } : {}), lockVersion: user.lockVersion },
      }),
    onSuccess: async ({ data }) => {
      await setLocale(data.locale);
      queryClient.setQueryData([...USER_QUERY_KEY, session.token], data);
      // i18n.t, not the rendered t: the language may have just changed with this very save.
      toast('success', i18n.t('account.saved'));
    },
    onError: (error) => reportError(error, { setError: form.setError }),
  });

  return (
    <Stack maw={560}>
      <Title order={1}>{t('account.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={form.handleSubmit((input) => save.mutate(input))}>
          <Stack>
            <SelectField
              form={form}
              name="locale"
              label={t('account.locale')}
              data={LOCALES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
            />
            <TextInput
              label={t('account.email')}
              type="email"
              autoComplete="email"
              required
              {...boundField(form, 'email')}
            />
            {emailChanged && (
              <PasswordField
                label={t('accountSecurity.currentPasswordForEmail')}
                autoComplete="current-password"
                required
                {...boundField(form, 'currentPassword')}
              />
            )}
            <PersonNameFields
              form={form}
              firstNameLabel={t('account.firstName')}
              lastNameLabel={t('account.lastName')}
            />
            <SubmitRow busy={save.isPending}>{t('account.save')}</SubmitRow>
          </Stack>
        </form>
      </Paper>
      <PasswordForm />
      <TwoFactorSection />
      <RemindersSection />
    </Stack>
  );
}
