import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ScrollTable } from '../components/scroll-table';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { Lookup } from '../../shared/companies';
import { formatDay, formatMoney, formatPercentValue } from '../../shared/intl';
import {
  CONDITION_KINDS,
  DECISION_OUTCOMES,
  VOTE_CHOICES,
  attendanceFrozen,
  isApproval,
  type VoteChoice,
} from '../../shared/pipeline';
import { decisionInputSchema, type DecisionInput } from '../../shared/schemas/pipeline';
import type { Meeting } from '../../shared/schemas/pipeline-answers';
import { ApiError } from '../api/client';
import { useLookup } from '../api/lookups';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useConfirm } from '../components/confirm-dialog';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useSession } from '../session/session';
import { useDeclareConflict, useMeeting, useRecordDecision, useSaveAttendance, useSaveVotes } from './api';
import { DecisionSummary, amountsText } from './decision-summary';
import {
  conflictDeclarers,
  decisionDefaults,
  decisionPayload,
  standing,
  tallyWords,
  votersFor,
  yetToVoteNames,
  type AgendaItem,
  type DecisionFormValues,
} from './mapping';
import classes from './committee.module.css';
import { TableHead } from '../components/table-head';

type Tr = (key: KeyUnder<'committee.meeting'>, params?: Record<string, unknown>) => string;

/** /committee/meetings/:id: attendance, and per agenda item conflicts, votes, the count, the checks and the decision. */
export default function MeetingPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const meeting = useMeeting(id);
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError) return <Text role="alert">{t('errors.generic')}</Text>;
  const data = meeting.data;
  const day = formatDay(data.date, i18n.language) ?? data.date;
  return (
    <Stack maw={1000}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{mt('title', { committee: data.committeeName, date: day })}</Title>
          {data.location && <Text c="gray.7">{data.location}</Text>}
        </div>
        <Button component={Link} to={`/committee/meetings/${data.id}/minutes`} variant="default">
          {mt('minutes')}
        </Button>
      </Group>
      <Attendance meeting={data} />
      <Title order={2}>{mt('agenda')}</Title>
      {data.agenda.length === 0 && <Text c="gray.7">{mt('emptyAgenda')}</Text>}
      {data.agenda.map((item, index) => (
        <ItemCard key={item.id} meeting={data} item={item} n={index + 1} />
      ))}
    </Stack>
  );
}

function Attendance({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const session = useSession();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const recorded = meeting.members.filter((m) => m.present).map((m) => m.id);
  const [present, setPresent] = useState<string[]>(recorded);
  const save = useSaveAttendance(meeting.id);
  const dirty = present.length !== recorded.length || present.some((id) => !recorded.includes(id));
  useUnsavedChanges(dirty);
  const frozen = attendanceFrozen(meeting.agenda.map((item) => ({ decided: item.decision !== null })));
  if (!session.isAdmin || frozen)
    return (
      <Paper withBorder p="md" component="section" aria-label={mt('attendance')}>
        <Title order={2} size="h3" mb="xs">
          {mt('attendance')}
        </Title>
        {session.isAdmin && (
          <Text size="sm" c="gray.7" mb="xs">
            {t('pipeline.errors.attendanceFrozen')}
          </Text>
        )}
        <Stack gap={2} component="ul" style={{ paddingLeft: '1.2em', margin: 0 }}>
          {meeting.members.map((m) => (
            <Text key={m.id} component="li">
              {`${m.name} — ${mt(m.present ? 'present' : 'absent')}`}
            </Text>
          ))}
        </Stack>
      </Paper>
    );
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={mt('attendance')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(present, {
          onSuccess: () => toast('success', appI18n.t('committee.meeting.attendanceSaved')),
          onError: (error) => reportError(error),
        });
      }}
    >
      <Title order={2} size="h3" mb="xs">
        {mt('attendance')}
      </Title>
      <Checkbox.Group label={mt('present')} value={present} onChange={setPresent}>
        <Stack gap="xs" mt="xs">
          {meeting.members.map((m) => (
            <Checkbox key={m.id} value={m.id} label={m.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button type="submit" mt="sm" loading={save.isPending}>
        {mt('saveAttendance')}
      </Button>
    </Paper>
  );
}

function ItemCard({ meeting, item, n }: { meeting: Meeting; item: AgendaItem; n: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const title = mt('item', { n, company: item.companyName, project: item.projectName });
  const tally = item.tally;
  const count = tallyWords(tally, t);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{title}</Title>
          <Group gap="xs">
            <Badge variant="outline" color="blue.8">
              {t(`pipeline.state.${item.requestState}`)}
            </Badge>
            <Anchor component={Link} to={`/requests/${item.requestId}`}>
              {mt('openRequest')}
            </Anchor>
          </Group>
        </Group>
        <Text size="sm">
          {t('committee.minutes.requested', {
            amounts: amountsText(item.amounts, i18n.language),
            cost: formatMoney(item.projectCost, i18n.language),
          })}
        </Text>
        <Checks item={item} />
        <Title order={4}>{mt('conflicts')}</Title>
        {item.conflicts.length === 0 ? (
          <Text size="sm" c="gray.7">
            {mt('noConflicts')}
          </Text>
        ) : (
          <Stack gap={2} component="ul" style={{ paddingLeft: '1.2em', margin: 0 }}>
            {item.conflicts.map((c) => (
              <Text key={c.memberId} size="sm" component="li">
                {mt('conflictOf', {
                  member: meeting.members.find((m) => m.id === c.memberId)?.name ?? '—',
                  reason: c.automatic ? t('analyst.committee.analystReason') : c.reason,
                })}
              </Text>
            ))}
          </Stack>
        )}
        <ConflictForm meeting={meeting} item={item} />
        <Title order={4}>{mt('votes')}</Title>
        <VotesTable meeting={meeting} item={item} />
        <VoteForms meeting={meeting} item={item} />
        <Paper withBorder p="sm" bg="gray.0" role="status" aria-label={mt('count')}>
          <Text fw={600}>{mt('count')}</Text>
          <Text size="sm">{count.presence}</Text>
          <Badge color={tally.hasQuorum ? 'teal.9' : 'red.9'} variant="filled" my={4}>
            {count.quorum}
          </Badge>
          <Text size="sm">{count.votes}</Text>
          <Text size="sm">{count.majority}</Text>
          {!item.decision && (
            <Text size="sm" fw={600}>
              {tally.yetToVote.length > 0
                ? t('analyst.committee.yetToVote', { names: yetToVoteNames(meeting, item).join(', ') })
                : t('analyst.committee.allVoted')}
            </Text>
          )}
        </Paper>
        <Title order={4}>{mt('decision')}</Title>
        {item.decision ? (
          <DecisionSummary decision={item.decision} />
        ) : session.isAdmin ? (
          <DecisionForm meeting={meeting} item={item} n={n} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Checks({ item }: { item: AgendaItem }) {
  const { t, i18n } = useTranslation();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const money = (value: number) => formatMoney(value, i18n.language);
  const pct = (value: number) => formatPercentValue(value, i18n.language, 2);
  const first = item.checks[0];
  if (!first) return null;
  const ceilings = item.checks.filter((c) => c.ceilingPercent !== null);
  return (
    <div>
      <Title order={4} mb={4}>
        {mt('checks')}
      </Title>
      <Stack gap={4}>
        {item.checks.map((check) =>
          check.overAvailable ? (
            <Alert key={check.fundId} color="yellow" variant="light" p="xs" role="note">
              <Text size="sm" c="dark.9">
                {mt('overAvailable', {
                  fund: check.fundName,
                  amount: money(check.amount),
                  available: money(check.available ?? 0),
                })}
              </Text>
            </Alert>
          ) : (
            <Text key={check.fundId} size="sm">
              {check.available === null
                ? mt('noCapital', { fund: check.fundName, amount: money(check.amount) })
                : mt('available', {
                    fund: check.fundName,
                    amount: money(check.amount),
                    available: money(check.available),
                  })}
            </Text>
          ),
        )}
        <Text size="sm">
          {ceilings.length === 0
            ? mt('aidNoCeiling', { percent: pct(first.aidPercent) })
            : mt('aid', {
                percent: pct(first.aidPercent),
                ceiling: ceilings.map((c) => `${c.fundName} ${pct(c.ceilingPercent!)}`).join(', '),
              })}
        </Text>
        {item.checks
          .filter((c) => c.overCeiling)
          .map((check) => (
            <Alert key={`ceiling-${check.fundId}`} color="yellow" variant="light" p="xs" role="note">
              <Text size="sm" c="dark.9">
                {mt('overCeiling', {
                  percent: pct(check.aidPercent),
                  fund: check.fundName,
                  ceiling: pct(check.ceilingPercent!),
                })}
              </Text>
            </Alert>
          ))}
      </Stack>
    </div>
  );
}

function ConflictForm({ meeting, item }: { meeting: Meeting; item: AgendaItem }) {
  const { t } = useTranslation();
  const session = useSession();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const declarers = conflictDeclarers(meeting, item, { id: session.userId, isAdmin: session.isAdmin });
  const [memberId, setMemberId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const declare = useDeclareConflict(meeting.id);
  if (declarers.length === 0) return null;
  const chosen = declarers.length === 1 ? declarers[0]!.id : memberId;
  return (
    <Group
      component="form"
      align="flex-start"
      wrap="wrap"
      aria-label={mt('declare')}
      onSubmit={(event) => {
        event.preventDefault();
        declare.mutate(
          { itemId: item.id, memberId: chosen, reason },
          {
            onSuccess: () => {
              const name = declarers.find((m) => m.id === chosen)?.name ?? '';
              toast('success', appI18n.t('committee.meeting.declared', { member: name }));
              setReason('');
              setMemberId('');
              setErrors({});
            },
            onError: (error) => {
              if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
              reportError(error);
            },
          },
        );
      }}
    >
      <NativeSelect
        label={mt('member')}
        value={chosen}
        onChange={(event) => setMemberId(event.currentTarget.value)}
        data={[
          ...(declarers.length > 1 ? [{ value: '', label: mt('chooseMember') }] : []),
          ...declarers.map((m) => ({ value: m.id, label: m.name })),
        ]}
        error={errors['memberId']}
        style={{ flex: '1 1 200px' }}
      />
      <TextInput
        label={mt('reason')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors['reason']}
        style={{ flex: '2 1 260px' }}
      />
      <Button type="submit" variant="default" mt={25} loading={declare.isPending}>
        {mt('declare')}
      </Button>
    </Group>
  );
}

function VotesTable({ meeting, item }: { meeting: Meeting; item: AgendaItem }) {
  const { t } = useTranslation();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  return (
    <ScrollTable>
      <Table miw={420}>
        <TableHead cells={[mt('member'), mt('attendance'), mt('votes')]} />
        <Table.Tbody>
          {meeting.members.map((member) => {
            const vote = item.votes.find((v) => v.memberId === member.id);
            const analyst = item.conflicts.some((c) => c.memberId === member.id && c.automatic);
            const by = vote?.enteredBy
              ? t('analyst.committee.enteredBy', { name: vote.enteredBy })
              : mt('enteredByAdministrator');
            return (
              <Table.Tr key={member.id}>
                <Table.Th scope="row" fw={400}>
                  {member.name}
                </Table.Th>
                <Table.Td>
                  {analyst && member.present ? t('analyst.committee.analystRecused') : mt(standing(member, item))}
                </Table.Td>
                <Table.Td>
                  {vote
                    ? `${t(`pipeline.vote.${vote.choice}`)}${vote.enteredByAdministrator ? ` (${by})` : ''}`
                    : mt('noVote')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function VoteForms({ meeting, item }: { meeting: Meeting; item: AgendaItem }) {
  const session = useSession();
  const voters = votersFor(meeting, item, { id: session.userId, isAdmin: session.isAdmin });
  return (
    <Group align="flex-start" wrap="wrap">
      {voters.map((member) => (
        <VoteForm
          key={member.id}
          meetingId={meeting.id}
          itemId={item.id}
          member={member}
          current={item.votes.find((v) => v.memberId === member.id)?.choice ?? null}
        />
      ))}
    </Group>
  );
}

function VoteForm({
  meetingId,
  itemId,
  member,
  current,
}: {
  meetingId: string;
  itemId: string;
  member: { id: string; name: string };
  current: VoteChoice | null;
}) {
  const { t } = useTranslation();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const [choice, setChoice] = useState<string>(current ?? '');
  const save = useSaveVotes(meetingId);
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-label={mt('vote', { member: member.name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) return;
        save.mutate(
          { itemId, votes: [{ memberId: member.id, choice: choice as VoteChoice }] },
          {
            onSuccess: () => toast('success', appI18n.t('committee.meeting.voteSaved', { member: member.name })),
            onError: (error) => reportError(error),
          },
        );
      }}
    >
      <Radio.Group label={mt('vote', { member: member.name })} value={choice} onChange={setChoice}>
        <Group mt={4}>
          {VOTE_CHOICES.map((value) => (
            <Radio key={value} value={value} label={t(`pipeline.vote.${value}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Button type="submit" size="xs" mt="xs" disabled={!choice} loading={save.isPending}>
        {mt('saveVote', { member: member.name })}
      </Button>
    </Paper>
  );
}

/** Validates only what the outcome chosen sends, so the other fields keep what was typed (mapping.ts). */
const decisionResolver: Resolver<DecisionFormValues, unknown, DecisionInput> = (values, context, options) =>
  (zodResolver(decisionInputSchema) as unknown as Resolver<DecisionFormValues, unknown, DecisionInput>)(
    decisionPayload(values),
    context,
    options,
  );

function DecisionForm({ meeting, item, n }: { meeting: Meeting; item: AgendaItem; n: number }) {
  const meetingId = meeting.id;
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const mt: Tr = (key, params) => t(`committee.meeting.${key}`, params);
  const warranties = useLookup<Lookup>('/warranties');
  const form = useForm<DecisionFormValues, unknown, DecisionInput>({
    mode: 'onSubmit',
    resolver: decisionResolver,
    defaultValues: decisionDefaults(item, i18n.language),
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' as never });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const record = useRecordDecision(meetingId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const approval = isApproval(outcome);
  const send = (input: DecisionInput) => {
    setRefusal(null);
    record.mutate(
      { itemId: item.id, input },
      {
        onSuccess: () => {
          guard.release();
          toast(
            'success',
            appI18n.t('committee.meeting.recorded', { outcome: appI18n.t(`pipeline.outcome.${input.outcome}`) }),
          );
        },
        onError: (error) => {
          // A refusal of the committee's rules (no quorum, against the votes) says its counts beside the form, which keeps its values.
          if (error instanceof ApiError && error.status === 409) setRefusal(error.body.message);
          else reportError(error, { setError: form.setError });
        },
      },
    );
  };
  // Present members who may vote and have not: the decision is recorded without them only once confirmed.
  const submit = form.handleSubmit((input) => {
    const missing = yetToVoteNames(meeting, item);
    if (missing.length === 0) return send(input);
    const names = missing.join(', ');
    confirm({
      title: t('analyst.committee.confirmTitle'),
      text: t(missing.length === 1 ? 'analyst.committee.confirmBodyOne' : 'analyst.committee.confirmBodyMany', {
        names,
      }),
      confirmLabel: t('analyst.committee.confirm'),
      onConfirm: () => send(input),
    });
  });
  const title = `${mt('record')} (${n})`;
  return (
    <form aria-label={title} noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            <Text c="red.9">{refusal}</Text>
          </Alert>
        )}
        <Group align="flex-start" wrap="wrap">
          <NativeSelect
            {...form.register('outcome')}
            label={mt('outcome')}
            data={DECISION_OUTCOMES.map((value) => ({ value, label: t(`pipeline.outcome.${value}`) }))}
            style={{ flex: '1 1 220px' }}
          />
          <TextField form={form} name="resolutionNumber" label={mt('resolutionNumber')} required flex="1 1 180px" />
        </Group>
        {approval && (
          <>
            <Group align="flex-start" wrap="wrap">
              {item.amounts.map((a, index) => (
                <TextInput
                  key={a.fundId}
                  {...form.register(`amounts.${index}.amount`)}
                  label={mt('amount', { fund: a.fundName })}
                  inputMode="decimal"
                  error={fieldError(form, `amounts.${index}.amount`) ?? fieldError(form, `amounts.${index}.fundId`)}
                  style={{ flex: '1 1 200px' }}
                />
              ))}
            </Group>
            {fieldError(form, 'amounts') && (
              <Text c="red.9" size="sm">
                {fieldError(form, 'amounts')}
              </Text>
            )}
            <Group align="flex-start" wrap="wrap">
              <TextField form={form} name="rate" label={mt('rate')} required inputMode="decimal" flex="1 1 120px" />
              <TextField
                form={form}
                name="amortization"
                label={mt('amortization')}
                required
                inputMode="numeric"
                flex="1 1 140px"
              />
              <TextField form={form} name="moratorium" label={mt('moratorium')} inputMode="numeric" flex="1 1 140px" />
              <NativeSelect
                {...form.register('warrantyId')}
                label={mt('warranty')}
                data={[
                  { value: '', label: mt('noWarranty') },
                  ...(warranties.data ?? []).map((w) => ({ value: w.id, label: w.name })),
                ]}
                style={{ flex: '2 1 200px' }}
              />
            </Group>
          </>
        )}
        {outcome === 'declined' && (
          <TextField form={form} name="refusalReason" label={t('analyst.committee.refusalReason')} flex="1 1 100%" />
        )}
        {outcome === 'approved_with_conditions' && (
          <>
            <Text fw={600}>{mt('conditions')}</Text>
            {fieldError(form, 'conditions') && (
              <Text c="red.9" size="sm">
                {fieldError(form, 'conditions')}
              </Text>
            )}
            {conditions.fields.map((field, index) => {
              const c = index + 1;
              return (
                <Group key={field.id} align="flex-start" wrap="wrap" className={classes.condition}>
                  <TextField
                    form={form}
                    name={`conditions.${index}.text`}
                    label={mt('conditionText', { n: c })}
                    flex="3 1 260px"
                  />
                  <NativeSelect
                    {...form.register(`conditions.${index}.kind`)}
                    label={mt('conditionKind', { n: c })}
                    data={CONDITION_KINDS.map((value) => ({ value, label: t(`pipeline.conditionKind.${value}`) }))}
                    style={{ flex: '1 1 180px' }}
                  />
                  <div style={{ flex: '1 1 180px' }}>
                    <DayInput form={form} name={`conditions.${index}.dueDate`} label={mt('conditionDue', { n: c })} />
                  </div>
                  <CloseButton
                    aria-label={mt('removeCondition', { n: c })}
                    onClick={() => conditions.remove(index)}
                    mt={28}
                  />
                </Group>
              );
            })}
            <Group>
              <Button
                variant="default"
                onClick={() => conditions.append({ text: '', kind: 'before_disbursement', dueDate: '' } as never)}
              >
                {mt('addCondition')}
              </Button>
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            {mt('record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
