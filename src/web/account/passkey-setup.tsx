import { Button, Group, TextInput } from '@mantine/core';
import { passkeyNameSchema, type TwoFactorChange } from '../../shared/schemas/two-factor';
import type { ApiResponse } from '../api/client';
import { fieldError } from '../components/form';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { createPasskey, PasskeyProblem } from './passkey-browser';
import { addPasskey, passkeyCreationOptions } from './two-factor-api';

/** Adding a passkey: its name, then the browser's prompt. `token` as in TotpSetup. */
export function PasskeySetup({
  token,
  onAdded,
}: {
  token?: string;
  onAdded: (answer: ApiResponse<TwoFactorChange>) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(passkeyNameSchema, { name: '' });

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const credential = await createPasskey(await passkeyCreationOptions(token));
      await onAdded(await addPasskey(name, credential, token));
      form.reset();
    } catch (error) {
      if (error instanceof PasskeyProblem) toast('error', t(error.messageKey));
      else reportError(error, { setError: form.setError });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Group align="end">
        <TextInput
          label={t('twoFactor.passkeys.name')}
          placeholder={t('twoFactor.passkeys.namePlaceholder')}
          required
          error={fieldError(form, 'name')}
          style={{ flex: '1 1 14rem' }}
          {...form.register('name')}
        />
        <Button type="submit" variant="light" loading={form.formState.isSubmitting}>
          {t('twoFactor.passkeys.add')}
        </Button>
      </Group>
    </form>
  );
}
