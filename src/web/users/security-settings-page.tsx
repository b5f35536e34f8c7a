import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/RadioCard.css';
import { Controller } from 'react-hook-form';
import { formatInstant } from '../../shared/intl';
import { securitySettingsSchema, type SecuritySettings } from '../../shared/schemas/two-factor';
import { TWO_FACTOR_POLICIES } from '../../shared/two-factor';
import { fieldError } from '../components/form';
import { useSchemaForm } from '../components/schema-form';
import { SubmitRow } from '../components/form-buttons';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useTranslation } from '../i18n';
import { useSaveSecuritySettings, useSecuritySettings } from './api';

/** /settings/security (administrators): of whom a second factor is required (ADR 0035). */
export default function SecuritySettingsPage() {
  const query = useSecuritySettings();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Text role="alert">{query.error.message}</Text>;
  // Remount on a new version so the form starts again from what was saved.
  return <SecuritySettingsForm key={query.data.lockVersion} settings={query.data} />;
}

function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSecuritySettings();
  const form = useSchemaForm(securitySettingsSchema, {
    twoFactorRequired: settings.twoFactorRequired,
    lockVersion: settings.lockVersion,
  });
  useUnsavedChanges(form.formState.isDirty);

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast('success', t('twoFactor.settings.saved'));
    } catch (error) {
      reportError(error, { setError: form.setError });
    }
  });

  return (
    <Stack maw={640}>
      <Title order={1}>{t('twoFactor.settings.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <Controller
              control={form.control}
              name="twoFactorRequired"
              render={({ field }) => (
                <Radio.Group
                  label={t('twoFactor.settings.twoFactorRequired')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError(form, 'twoFactorRequired')}
                >
                  <Stack gap="xs" mt="xs">
                    {TWO_FACTOR_POLICIES.map((policy) => (
                      <Radio key={policy} value={policy} label={t(`twoFactor.settings.policies.${policy}`)} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <Text size="sm">{t('twoFactor.settings.hint')}</Text>
            <Text size="sm" c="gray.8">
              {settings.updatedAt
                ? t('twoFactor.settings.lastChange', {
                    date: formatInstant(settings.updatedAt, i18n.language),
                    name: settings.updatedByName ?? '—',
                  })
                : t('twoFactor.settings.neverChanged')}
            </Text>
            <SubmitRow busy={save.isPending}>{t('twoFactor.settings.save')}</SubmitRow>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
