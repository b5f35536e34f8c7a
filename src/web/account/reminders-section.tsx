import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { formatInstant } from '../../shared/intl';
import {
  notificationSettingsSchema,
  type CalendarLink,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../shared/tasks/reminders';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useConfirm } from '../components/confirm-dialog';
import { boundField } from '../components/form';
import { useSchemaForm } from '../components/schema-form';
import { SubmitRow } from '../components/form-buttons';
import { reportError } from '../components/server-errors';
import { LoadingMark } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useTranslation } from '../i18n';

/** My account's "Reminders": the daily digest by mail and the calendar link (docs/decisions/0044). */
export function RemindersSection() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: async () => (await api<NotificationSettings>('GET', '/account/notification_settings')).data,
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reminders-title">
      <Stack>
        <Title order={2} size="h3" id="reminders-title">
          {t('tasks.reminders.title')}
        </Title>
        {settings.isPending ? (
          <LoadingMark />
        ) : settings.isError ? (
          <Text role="alert">{t('errors.generic')}</Text>
        ) : (
          <>
            {/* Remounted with what was saved, so a saved form starts clean. */}
            <DigestForm key={`${settings.data.digestEnabled}-${settings.data.digestTime}`} saved={settings.data} />
            <CalendarLinkPart createdAt={settings.data.calendarLinkCreatedAt} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function DigestForm({ saved }: { saved: NotificationSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useSchemaForm(notificationSettingsSchema, {
    digestEnabled: saved.digestEnabled,
    digestTime: saved.digestTime,
  });
  // A save remounts this form with what was saved (RemindersSection's key), so a saved form is never dirty.
  useUnsavedChanges(form.formState.isDirty);
  const save = useMutation({
    mutationFn: async (input: NotificationSettingsInput) =>
      (await api<NotificationSettings>('PUT', '/account/notification_settings', { body: input })).data,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.notificationSettings, data);
      toast('success', t('tasks.reminders.saved'));
    },
    // The form keeps what was typed; the server's words go on the field.
    onError: (error) => reportError(error, { setError: form.setError }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((input) => save.mutate(input))}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="digestEnabled"
          render={({ field }) => (
            <Switch
              label={t('tasks.reminders.digestEnabled')}
              description={t('tasks.reminders.digestDescription')}
              // Mantine's dimmed description is too pale on white (axe: 4.5:1).
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <TextInput
          type="time"
          label={t('tasks.reminders.digestTime')}
          required
          maw={200}
          {...boundField(form, 'digestTime')}
        />
        <SubmitRow busy={save.isPending}>{t('tasks.reminders.save')}</SubmitRow>
      </Stack>
    </form>
  );
}

function CalendarLinkPart({ createdAt }: { createdAt: string | null }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  /** The link just made: shown this once (only its hash is kept). */
  const [link, setLink] = useState<CalendarLink | null>(null);
  const make = useMutation({
    mutationFn: async (_renewing: boolean) =>
      (await api<CalendarLink>('POST', '/account/calendar_token', { body: {} })).data,
    onSuccess: (data, renewing) => {
      setLink(data);
      client.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (old) =>
        old ? { ...old, calendarLinkCreatedAt: data.createdAt } : old,
      );
      if (renewing) toast('success', t('tasks.reminders.renewed'));
    },
    onError: (error) => reportError(error),
  });
  const hasLink = createdAt !== null || link !== null;
  const renew = () =>
    confirm({
      title: t('tasks.reminders.renewConfirmTitle'),
      text: t('tasks.reminders.renewConfirm'),
      confirmLabel: t('tasks.reminders.calendarRenew'),
      danger: true,
      onConfirm: () => make.mutate(true),
    });
  return (
    <Stack gap="sm" role="group" aria-labelledby="calendar-link-title">
      <Title order={3} size="h4" id="calendar-link-title">
        {t('tasks.reminders.calendarTitle')}
      </Title>
      <Text size="sm">{t('tasks.reminders.calendarDescription')}</Text>
      {link ? (
        <Alert color="blue" title={t('tasks.reminders.calendarUrl')}>
          <Stack gap="xs">
            <TextInput
              readOnly
              label={t('tasks.reminders.calendarUrl')}
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Text size="sm">{t('tasks.reminders.calendarHelp')}</Text>
            <Group>
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('tasks.reminders.copied') : t('tasks.reminders.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="gray.7">
          {createdAt
            ? t('tasks.reminders.calendarSince', { date: formatInstant(createdAt, i18n.language) })
            : t('tasks.reminders.calendarNone')}
        </Text>
      )}
      <Group>
        {hasLink ? (
          <Button variant="default" onClick={renew} loading={make.isPending} disabled={make.isPending}>
            {t('tasks.reminders.calendarRenew')}
          </Button>
        ) : (
          <Button onClick={() => make.mutate(false)} loading={make.isPending} disabled={make.isPending}>
            {t('tasks.reminders.calendarCreate')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
