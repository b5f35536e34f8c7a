import { useState } from 'react';
import { FormButtons } from '../components/form-buttons';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '../components/scroll-table';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { formatDay, formatMoney } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { meetingInputSchema, type MeetingInput } from '../../shared/schemas/pipeline';
import type { MeetingSummary } from '../../shared/schemas/pipeline-answers';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useSession } from '../session/session';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useCommittees, useCreateMeeting, useMeetings, useReadyRequests } from './api';
import { splitMeetings } from './mapping';
import { TableHead } from '../components/table-head';
import { QueryState } from '../components/query-state';
import { FormCard } from '../components/form-card';

/** /committee/meetings: the committee's meetings, upcoming soonest first then past; administrators schedule them. */
export default function MeetingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const meetings = useMeetings();
  const [creating, setCreating] = useState(false);
  const m = (key: KeyUnder<'committee.meetings'>) => t(`committee.meetings.${key}`);
  const { upcoming, past } = splitMeetings(meetings.data ?? [], todayIso());
  return (
    <Stack maw={1000}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m('title')}</Title>
        {session.isAdmin && !creating && <Button onClick={() => setCreating(true)}>{m('create')}</Button>}
      </Group>
      {creating && <MeetingForm onDone={() => setCreating(false)} />}
      <QueryState query={meetings}>
        {() => (
          <>
            <MeetingTable title={m('upcoming')} meetings={upcoming} />
            <MeetingTable title={m('past')} meetings={past} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function MeetingTable({ title, meetings }: { title: string; meetings: MeetingSummary[] }) {
  const { t, i18n } = useTranslation();
  const m = (key: KeyUnder<'committee.meetings'>, params?: Record<string, unknown>) =>
    t(`committee.meetings.${key}`, params);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {meetings.length === 0 ? (
        <Text c="gray.7">{m('none')}</Text>
      ) : (
        <ScrollTable>
          <Table miw={480} striped>
            <TableHead cells={[m('date'), m('committee'), m('location'), m('items')]} />
            <Table.Tbody>
              {meetings.map((meeting) => {
                const day = formatDay(meeting.date, i18n.language) ?? meeting.date;
                return (
                  <Table.Tr key={meeting.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/committee/meetings/${meeting.id}`}
                        aria-label={m('open', { date: day })}
                      >
                        {day}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{meeting.committeeName}</Table.Td>
                    <Table.Td>{meeting.location ?? '—'}</Table.Td>
                    <Table.Td>{m('itemsOf', { decided: meeting.decidedCount, count: meeting.itemsCount })}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}

type MeetingValues = z.input<typeof meetingInputSchema>;

function MeetingForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const m = (key: KeyUnder<'committee.meetings'>, params?: Record<string, unknown>) =>
    t(`committee.meetings.${key}`, params);
  const committees = useCommittees();
  const ready = useReadyRequests(true);
  const form = useForm<MeetingValues, unknown, MeetingInput>({
    mode: 'all',
    resolver: zodResolver(meetingInputSchema),
    defaultValues: { committeeId: '', date: '', location: '', requestIds: [] },
  });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const create = useCreateMeeting();
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (meeting) => {
        guard.release();
        toast(
          'success',
          appI18n.t('committee.meetings.scheduled', { date: formatDay(meeting.date, appI18n.language) }),
        );
        void navigate(`/committee/meetings/${meeting.id}`);
      },
      onError: (error) => reportError(error, { setError: form.setError }),
    }),
  );
  return (
    <FormCard title={m('create')} onSubmit={submit} stack>
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          {...form.register('committeeId')}
          label={m('committee')}
          required
          data={[
            { value: '', label: m('chooseCommittee') },
            ...(committees.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          error={fieldError(form, 'committeeId')}
          style={{ flex: '2 1 240px' }}
        />
        <div style={{ flex: '1 1 200px' }}>
          <DayInput form={form} name="date" label={m('date')} required />
        </div>
        <TextField form={form} name="location" label={m('location')} flex="2 1 240px" />
      </Group>
      <Controller
        control={form.control}
        name="requestIds"
        render={({ field }) => {
          const chosen = (field.value ?? []) as string[];
          return (
            <Checkbox.Group
              label={m('agenda')}
              value={chosen}
              onChange={field.onChange}
              error={
                fieldError(form, 'requestIds') ??
                chosen.map((_, index) => fieldError(form, `requestIds.${index}`)).find(Boolean)
              }
            >
              <Stack gap="xs" mt="xs">
                {(ready.data ?? []).length === 0 && <Text c="gray.7">{m('noReady')}</Text>}
                {(ready.data ?? []).map((request) => (
                  <Checkbox
                    key={request.id}
                    value={request.id}
                    label={`${request.companyName} — ${request.projectName} (${formatMoney(request.totalAmount, i18n.language)})`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        }}
      />
      <FormButtons
        onCancel={() => {
          guard.release();
          onDone();
        }}
        cancel={m('cancel')}
        submit={m('schedule')}
        busy={create.isPending}
      />
    </FormCard>
  );
}
