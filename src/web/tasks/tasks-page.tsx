import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '../../shared/intl';
import { DUE_GROUPS, type DueGroup } from '../../shared/tasks/rules';
import { taskInputSchema, type Task, type TaskFormValues, type TaskInput } from '../../shared/tasks/schemas';
import { subjectPath } from '../../shared/tasks/titles';
import { DayInput } from '../components/day-input';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n as appI18n, useTranslation } from '../i18n';
import { useSession } from '../session/session';
import { useCreateTask, useReturnToQueue, useSetTaskStatus, useTasks, type Whose } from './api';
import { QueryState } from '../components/query-state';
import { FormCard } from '../components/form-card';

/** /tasks: My tasks by due group (docs/decisions/0041); administrators also see the unassigned ones. */
export default function TasksPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [whose, setWhose] = useState<Whose>('me');
  return (
    <Stack maw={900}>
      <Title order={1}>{t(whose === 'me' ? 'tasks.page.title' : 'tasks.page.queueTitle')}</Title>
      <Text>{t('tasks.page.intro')}</Text>
      {session.isAdmin && (
        <SegmentedControl
          aria-label={t('tasks.page.whose')}
          value={whose}
          onChange={(value) => setWhose(value as Whose)}
          data={[
            { value: 'me', label: t('tasks.page.mine') },
            { value: 'queue', label: t('tasks.page.queue') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <NewTask />
      {DUE_GROUPS.map((group) => (
        <TaskGroup key={`${whose}:${group}`} whose={whose} group={group} />
      ))}
    </Stack>
  );
}

function TaskGroup({ whose, group }: { whose: Whose; group: DueGroup }) {
  const { t } = useTranslation();
  const session = useSession();
  const tasks = useTasks(whose, group);
  const title = t(`tasks.page.groups.${group}`);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {tasks.data && (
          <Badge color={group === 'overdue' && tasks.data.meta.totalCount > 0 ? 'red.8' : 'gray.7'} variant="filled">
            {tasks.data.meta.totalCount}
          </Badge>
        )}
      </Group>
      <QueryState query={tasks} empty={{ when: (data) => data.tasks.length === 0, text: t('tasks.page.emptyGroup') }}>
        {(data) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.tasks.map((task) => (
              <TaskItem key={task.id} task={task} offerQueue={whose === 'me' && session.isAdmin} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

/** A task; `offerQueue`: an administrator's own task, which they may send back to the administrators' queue. */
function TaskItem({ task, offerQueue }: { task: Task; offerQueue: boolean }) {
  const { t, i18n } = useTranslation();
  const setStatus = useSetTaskStatus();
  const toQueue = useReturnToQueue();
  const path = subjectPath({
    companyId: task.company?.id ?? null,
    loanId: task.loan?.id ?? null,
    requestId: task.request?.id ?? null,
  });
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={4}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
        {path ? (
          <Anchor component={Link} to={path} fw={500}>
            {task.title}
          </Anchor>
        ) : (
          <Text fw={500}>{task.title}</Text>
        )}
        <Group gap="xs">
          <Text size="sm" c={task.dueGroup === 'overdue' ? 'red.9' : 'gray.7'}>
            {t('tasks.page.due', { date: formatDay(task.dueOn, i18n.language) ?? task.dueOn })}
          </Text>
          <Badge variant="light" color="blue.9" size="sm">
            {t(`tasks.kind.${task.kind}`)}
          </Badge>
        </Group>
      </Stack>
      <Group gap="xs">
        {offerQueue && (
          <TaskAction
            title={task.title}
            label="toQueue"
            variant="subtle"
            pending={toQueue.isPending}
            run={(handlers) => toQueue.mutate(task.id, handlers)}
            success="returned"
          />
        )}
        <TaskAction
          title={task.title}
          label="markDone"
          variant="light"
          pending={setStatus.isPending}
          run={(handlers) => setStatus.mutate({ id: task.id, status: 'done' }, handlers)}
          success="done"
        />
      </Group>
    </Group>
  );
}

/**
 * One action on a task: the button names the task for screen readers (`<label>Named`), runs, and says how it
 * went.
 */
function TaskAction(props: {
  title: string;
  label: 'markDone' | 'toQueue';
  variant: 'light' | 'subtle';
  pending: boolean;
  run: (handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  success: 'done' | 'returned';
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={props.variant}
      size="xs"
      loading={props.pending}
      aria-label={t(`tasks.page.${props.label}Named`, { title: props.title })}
      onClick={() =>
        props.run({
          onSuccess: () => toast('success', appI18n.t(`tasks.page.${props.success}`)),
          onError: (error) => reportError(error),
        })
      }
    >
      {t(`tasks.page.${props.label}`)}
    </Button>
  );
}

/**
 * A task typed by hand; opened from a company, a loan or a funding request (`?company_id=…&contribution_id=…`,
 * `?funding_request_id=…`), it is about them.
 */
function NewTask() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const companyId = params.get('company_id');
  const contributionId = params.get('contribution_id');
  const fundingRequestId = params.get('funding_request_id');
  const empty: TaskFormValues = { title: '', dueOn: '', companyId, contributionId, fundingRequestId };
  const form = useForm<TaskFormValues, unknown, TaskInput>({
    mode: 'all',
    resolver: zodResolver(taskInputSchema),
    defaultValues: empty,
  });
  useUnsavedChanges(form.formState.isDirty);
  const create = useCreateTask();
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast('success', appI18n.t('tasks.form.created'));
        form.reset(empty);
      },
      onError: (error) => reportError(error, { setError: form.setError }),
    }),
  );
  return (
    <FormCard title={t('tasks.form.title')} onSubmit={submit}>
      {(companyId || contributionId || fundingRequestId) && (
        <Text size="sm" c="gray.7" mb="xs">
          {t(
            fundingRequestId
              ? 'tasks.form.aboutRequest'
              : contributionId
                ? 'tasks.form.aboutLoan'
                : 'tasks.form.aboutCompany',
          )}
        </Text>
      )}
      <Group align="flex-start" wrap="wrap">
        <TextField
          form={form}
          name="title"
          label={t('tasks.form.taskTitle')}
          required
          autoComplete="off"
          flex="2 1 260px"
        />
        <div style={{ flex: '1 1 200px' }}>
          <DayInput form={form} name="dueOn" label={t('tasks.form.dueOn')} required />
        </div>
      </Group>
      <Button type="submit" mt="sm" loading={create.isPending}>
        {t('tasks.form.save')}
      </Button>
    </FormCard>
  );
}
