import { useState } from 'react';
import { FormButtons } from '../components/form-buttons';
import { Section } from '../components/section';
import { isApproval } from '../../shared/pipeline/committee';
import { SubjectLetters } from '../components/subject-letters';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDay, formatInstant, formatPercent, numberFormat } from '../../shared/intl';
import {
  AWAITING_DECISION_STATES,
  conditionChoices,
  type ConditionStatus,
  type RequestState,
} from '../../shared/pipeline';
import { formatAmount } from '../../shared/portfolio/ratios';
import { todayIso } from '../../shared/portfolio/schedule';
import { firstDisbursementSchema, type FundingRequestPatch } from '../../shared/schemas/pipeline';
import type { FundingRequest } from '../../shared/schemas/pipeline-answers';
import { DISBURSEMENT_METHODS, SERVICING_LIMITS } from '../../shared/schemas/servicing';
import { ApiError, api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useConfirm } from '../components/confirm-dialog';
import { DayInput } from '../components/day-input';
import { NumberInput } from '../components/number-input';
import { normalizeNumberText, numberToInput } from '../components/number-text';
import { fieldError } from '../components/form';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { RecordUnavailable } from '../components/query-state';
import { toast } from '../components/toasts';
import { ModalGuardProvider, useGuardedClose, useUnsavedChanges } from '../components/unsaved-changes';
import { SelectField } from '../components/select-field';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useQuery } from '@tanstack/react-query';
import { ChecklistSection } from './checklist-section';
import { useCreateRequest, useFundingRequest, useMoveRequest, useSaveRequest, useSetCondition } from './api';
import { RequestForm } from './request-form';

/** /requests/{id}: a funding request, its moves, checklist, decision, checks, loans and timeline (docs/decisions/0042). */
export default function RequestPage() {
  const { id } = useParams();
  return id ? <ExistingRequest id={id} /> : <NewRequest />;
}

function ExistingRequest({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useFundingRequest(id);
  // Bumped by "load their version" after a 409: the form starts again from the latest request.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((n) => n + 1);
  };
  const request = query.data;
  const save = useSaveRequest({ id, companyId: request?.companyId ?? '' });

  if (!request) return <RecordUnavailable query={query} failed={t('pipeline.request.loadFailed')} />;
  const editable = request.editable;
  return (
    <Stack maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{t('pipeline.request.title', { project: request.projectName })}</Title>
        <Group gap="sm">
          <Anchor component={Link} to={`/companies/${request.companyId}`}>
            {request.companyName}
          </Anchor>
          <Badge color="blue.9" variant="filled" aria-label={t('pipeline.request.state')}>
            {t(`pipeline.state.${request.state}`)}
          </Badge>
          <Text size="sm">
            {t('pipeline.request.total', { amount: formatAmount(request.totalAmount, i18n.language) })}
          </Text>
        </Group>
      </Stack>
      <MovesPanel request={request} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack>
          <RequestForm
            key={`${request.id}:${generation}`}
            request={request}
            title={t('pipeline.request.details')}
            submitLabel={t('pipeline.request.save')}
            editable={editable}
            save={async (values) => {
              await save.mutateAsync(values);
              toast('success', appI18n.t('pipeline.request.saved'));
            }}
            onReload={() => void reload()}
          />
          {!editable && (
            <Text size="sm" c="gray.7">
              {t('pipeline.request.readOnly', { state: t(`pipeline.state.${request.state}`) })}
            </Text>
          )}
        </Stack>
        <Stack>
          <ChecklistSection request={request} />
          <LoansSection request={request} />
          <DecisionSection request={request} />
          {/* Letters are written from the request's approving decision: none before it. */}
          {request.decisions.some((decision) => isApproval(decision.outcome)) && (
            <SubjectLetters companyId={request.companyId} subject={{ fundingRequestId: request.id }} />
          )}
          <ChecksSection request={request} />
          <TimelineSection request={request} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** /requests/new?company_id=…: a request created as a draft, then opened. */
function NewRequest() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const companyId = params.get('company_id') ?? '';
  const company = useQuery({
    queryKey: queryKeys.company(companyId),
    queryFn: async () => (await api<{ id: string; name: string }>('GET', `/companies/${companyId}`)).data,
    enabled: companyId !== '',
  });
  const create = useCreateRequest(companyId);
  if (!companyId || (company.error instanceof ApiError && company.error.status === 404)) return <NotFoundPage />;
  if (!company.data) return <PageLoader />;
  const title = t('pipeline.request.newFor', { company: company.data.name });
  return (
    <Stack maw={760}>
      <Title order={1}>{title}</Title>
      <RequestForm
        request={null}
        title={t('pipeline.request.details')}
        submitLabel={t('pipeline.request.create')}
        editable
        save={async ({ lockVersion: _, ...values }: FundingRequestPatch) => {
          const created = await create.mutateAsync({ ...values, companyId });
          toast('success', appI18n.t('pipeline.request.created'));
          return created.id;
        }}
        onSaved={(id) => void navigate(`/requests/${id}`)}
      />
    </Stack>
  );
}

/** Why the last move was refused: the server's words, and the items it named. */
interface Refusal {
  message: string;
  items: string[];
}

export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { message: appI18n.t('errors.generic'), items: [] };
  const detail = error.body.detail ?? {};
  const items = detail['missing_items'] ?? [];
  const fields = Object.entries(detail)
    .filter(([key]) => key !== 'missing_items' && key !== 'state' && key !== 'lock_version')
    .flatMap(([, messages]) => messages);
  return { message: [error.body.message || appI18n.t('errors.generic'), ...fields].join(' '), items };
}

/** A move's button: back to analysis from ready-for-committee, otherwise the state it moves to. */
export const moveLabelKey = (from: RequestState, to: RequestState) =>
  from === 'ready_for_committee' && to === 'in_analysis' ? 'pipeline.moves.back' : (`pipeline.moves.to.${to}` as const);

/** What a move's button does: disbursing opens its form, withdrawing asks first, any other move is made at once. */
export const moveStep = (to: RequestState): 'disburse' | 'confirm' | 'move' =>
  to === 'disbursed' ? 'disburse' : to === 'withdrawn' ? 'confirm' : 'move';

/** The buttons for exactly the moves the API lists; a refusal says why in words. */
function MovesPanel({ request }: { request: FundingRequest }) {
  const { t } = useTranslation();
  const move = useMoveRequest(request);
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [disbursing, setDisbursing] = useState(false);
  const label = (to: RequestState) => t(moveLabelKey(request.state, to));
  const go = async (to: RequestState) => {
    setRefusal(null);
    try {
      const moved = await move.mutateAsync({ to, lockVersion: request.lockVersion });
      toast('success', appI18n.t('pipeline.moves.moved', { state: appI18n.t(`pipeline.state.${moved.state}`) }));
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };
  const ask = (to: RequestState) => {
    const step = moveStep(to);
    if (step === 'disburse') setDisbursing(true);
    else if (step === 'confirm')
      confirm({
        text: t('pipeline.moves.confirmWithdraw'),
        confirmLabel: t('pipeline.moves.to.withdrawn'),
        danger: true,
        onConfirm: () => go(to),
      });
    else void go(to);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="moves-title">
      <Title order={2} size="h3" id="moves-title" mb="sm">
        {t('pipeline.moves.title')}
      </Title>
      {request.nextStates.length === 0 ? (
        <Text c="gray.7">{t('pipeline.moves.none')}</Text>
      ) : (
        <Group gap="sm">
          {request.nextStates.map((to) => (
            <Button
              key={to}
              variant={
                to === 'withdrawn'
                  ? 'outline'
                  : to === 'in_analysis' && request.state !== 'submitted'
                    ? 'default'
                    : 'filled'
              }
              color={to === 'withdrawn' ? 'red.9' : undefined}
              loading={move.isPending && move.variables?.to === to}
              onClick={() => ask(to)}
            >
              {label(to)}
            </Button>
          ))}
        </Group>
      )}
      {request.state === 'ready_for_committee' && (
        <Text size="sm" c="gray.7" mt="xs">
          {t('pipeline.moves.committeeDecides')}
        </Text>
      )}
      {refusal && (
        <Alert color="red.9" variant="outline" role="alert" mt="sm">
          <Text size="sm">{refusal.message}</Text>
          {refusal.items.length > 0 && (
            <>
              <Text size="sm" mt="xs">
                {t('pipeline.moves.blocked')}
              </Text>
              <List size="sm">
                {refusal.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      <DisburseModal
        request={request}
        opened={disbursing}
        onClose={() => setDisbursing(false)}
        onRefused={(error) => setRefusal(refusalOf(error))}
      />
    </Paper>
  );
}

type DisburseValues = z.input<typeof firstDisbursementSchema>;

/** The first disbursement's resolver: each fund's amount read as NumberInput writes it (`50 000,00`). */
const disburseResolver: Resolver<DisburseValues, unknown, z.output<typeof firstDisbursementSchema>> = (
  values,
  context,
  options,
) =>
  (
    zodResolver(firstDisbursementSchema as never) as unknown as Resolver<
      DisburseValues,
      unknown,
      z.output<typeof firstDisbursementSchema>
    >
  )(
    {
      ...values,
      amounts: (values.amounts ?? []).map((a) => ({
        ...a,
        amount: typeof a.amount === 'string' ? normalizeNumberText(a.amount) : a.amount,
      })),
    },
    context,
    options,
  );

/** The amounts the approval a request's money follows granted, per fund: its latest approving decision's. */
const decidedAmounts = (request: FundingRequest) =>
  request.decisions.find((decision) => decision.amounts.length > 0)?.amounts ?? [];

/** `ready_to_disburse → disbursed`: the first disbursement's date, method and reference. */
function DisburseModal({
  request,
  opened,
  onClose,
  onRefused,
}: {
  request: FundingRequest;
  opened: boolean;
  onClose(): void;
  onRefused(error: unknown): void;
}) {
  const { t } = useTranslation();
  const guard = useGuardedClose(onClose);
  return (
    <Modal opened={opened} onClose={guard.close} title={t('pipeline.disburse.title')} size="lg">
      <ModalGuardProvider value={guard}>
        {opened && <DisburseForm request={request} onDone={onClose} onCancel={guard.close} onRefused={onRefused} />}
      </ModalGuardProvider>
    </Modal>
  );
}

function DisburseForm({
  request,
  onDone,
  onCancel,
  onRefused,
}: {
  request: FundingRequest;
  onDone(): void;
  onCancel(): void;
  onRefused(error: unknown): void;
}) {
  const { t } = useTranslation();
  const move = useMoveRequest(request);
  const { i18n } = useTranslation();
  const decided = decidedAmounts(request);
  const form = useForm<DisburseValues, unknown, z.output<typeof firstDisbursementSchema>>({
    mode: 'all',
    resolver: disburseResolver,
    defaultValues: {
      date: todayIso(),
      method: 'eft',
      reference: '',
      note: '',
      amounts: decided.map((a) => ({ fundId: a.fundId, amount: numberToInput(a.amount, 'money', i18n.language) })),
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const [problem, setProblem] = useState<string | null>(null);
  const d = (key: KeyUnder<'pipeline.disburse'>) => t(`pipeline.disburse.${key}`);
  const submit = form.handleSubmit(async (disbursement) => {
    setProblem(null);
    try {
      const moved = await move.mutateAsync({ to: 'disbursed', lockVersion: request.lockVersion, disbursement });
      unsaved.release();
      toast('success', appI18n.t('pipeline.moves.moved', { state: appI18n.t(`pipeline.state.${moved.state}`) }));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const fields = error.fieldErrors;
        const known = ['date', 'method', 'reference', 'note'] as const;
        const elsewhere: string[] = [];
        for (const [path, message] of Object.entries(fields)) {
          const field = known.find((k) => path === k || path === `disbursement.${k}`);
          const tranche = /^disbursement\.amounts\.(\d+)\.(amount|fundId)$/.exec(path);
          if (field) form.setError(field, { type: 'server', message });
          else if (tranche) form.setError(`amounts.${Number(tranche[1])}.amount`, { type: 'server', message });
          else elsewhere.push(message);
        }
        if (elsewhere.length > 0 || Object.keys(fields).length === 0)
          setProblem(elsewhere.join(' ') || error.body.message);
      } else if (error instanceof ApiError && error.status === 409) {
        unsaved.release();
        onRefused(error);
        onDone();
      } else setProblem(error instanceof ApiError ? error.body.message : appI18n.t('errors.generic'));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.formState.isSubmitting}>
      <Stack>
        <Text size="sm">{d('intro')}</Text>
        {decided.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {decided.map((amount, index) => (
              <NumberInput
                key={amount.fundId}
                form={form}
                name={`amounts.${index}.amount`}
                label={t('analyst.disbursement.amount', { fund: amount.fundName })}
                description={t('analyst.disbursement.decided', {
                  amount: formatAmount(amount.amount, i18n.language),
                })}
                kind="money"
                required
                // Mantine's dimmed grey is 3.3:1 on white; the decided amount must be read (4.5:1).
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
            ))}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DayInput form={form} name="date" label={d('date')} required />
          <SelectField
            form={form}
            name="method"
            label={d('method')}
            required
            data={DISBURSEMENT_METHODS.map((method) => ({
              value: method,
              label: t(`servicing.disbursementMethod.${method}`),
            }))}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <TextInput
          label={d('reference')}
          maxLength={SERVICING_LIMITS.reference}
          error={fieldError(form, 'reference')}
          {...form.register('reference')}
        />
        {problem && (
          <Alert color="red.9" variant="outline" role="alert">
            {problem}
          </Alert>
        )}
        <FormButtons onCancel={onCancel} cancel={d('cancel')} submit={d('submit')} busy={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

/** The committee's decisions, latest first, with the conditions to mark met, waived or breached. */
function DecisionSection({ request }: { request: FundingRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (request.decisions.length === 0 && !AWAITING_DECISION_STATES.includes(request.state)) return null;
  /** A decision's terms as key, term and value: each fund's amount, then the rate and periods it set. */
  const decisionTerms = (decision: FundingRequest['decisions'][number]) => {
    const terms: [string, string, string][] = decision.amounts.map((amount) => [
      amount.fundId,
      amount.fundName,
      formatAmount(amount.amount, language),
    ]);
    const rate = numberFormat(language, { style: 'percent', maximumFractionDigits: 3 });
    if (decision.rate !== null) terms.push(['rate', t('pipeline.decision.rate'), rate.format(decision.rate / 100)]);
    for (const period of ['amortization', 'moratorium'] as const) {
      const months = decision[period];
      if (months !== null)
        terms.push([period, t(`pipeline.decision.${period}`), t('pipeline.decision.months', { count: months })]);
    }
    return terms;
  };
  return (
    <Section id="decision-title" title={t('pipeline.decision.title')}>
      {request.decisions.length === 0 && <Text c="gray.7">{t('pipeline.decision.none')}</Text>}
      <Stack>
        {request.decisions.map((decision) => (
          <Stack key={decision.id} gap="xs">
            <Text fw={600}>
              {t('pipeline.decision.heading', {
                outcome: t(`pipeline.outcome.${decision.outcome}`),
                resolution: decision.resolutionNumber,
              })}
            </Text>
            <Text size="sm" c="gray.7">
              {t('pipeline.decision.by', {
                committee: decision.committeeName,
                date: formatDay(decision.decidedOn, language) ?? decision.decidedOn,
              })}
            </Text>
            {decision.amounts.length > 0 && (
              <dl className="pipeline-terms" style={{ margin: 0 }}>
                {decisionTerms(decision).map(([key, label, value]) => (
                  <Group key={key} gap="xs">
                    <Text component="dt" size="sm" fw={500}>
                      {label}
                    </Text>
                    <Text component="dd" size="sm" m={0}>
                      {value}
                    </Text>
                  </Group>
                ))}
              </dl>
            )}
            <Text size="sm">
              {t('pipeline.decision.votes', {
                for: decision.votesFor,
                against: decision.votesAgainst,
                abstain: decision.votesAbstain,
              })}
            </Text>
            {decision.outcome === 'approved_with_conditions' && (
              <Conditions request={request} conditions={decision.conditions} />
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

function Conditions({
  request,
  conditions,
}: {
  request: FundingRequest;
  conditions: FundingRequest['decisions'][number]['conditions'];
}) {
  const { t, i18n } = useTranslation();
  const setCondition = useSetCondition(request);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('pipeline.decision.conditions')}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {conditions.map((condition) => (
          <Paper component="li" key={condition.id} withBorder p="xs">
            <Text size="sm" fw={500}>
              {condition.text}
            </Text>
            <Group gap="xs" mt={4}>
              <Badge variant="outline" color="gray.8">
                {t(`pipeline.conditionKind.${condition.kind}`)}
              </Badge>
              <Badge
                variant="filled"
                color={condition.status === 'breached' ? 'red.9' : condition.status === 'open' ? 'gray.7' : 'teal.9'}
              >
                {t(`pipeline.conditionStatus.${condition.status}`)}
              </Badge>
              {condition.dueDate && (
                <Text size="sm" c="gray.7">
                  {t('pipeline.decision.due', { date: formatDay(condition.dueDate, i18n.language) })}
                </Text>
              )}
            </Group>
            {conditionChoices(request.state, condition).length > 0 && (
              <Select
                mt="xs"
                size="xs"
                maw={260}
                label={t('pipeline.decision.markNamed', { condition: condition.text })}
                data={conditionChoices(request.state, condition).map((status) => ({
                  value: status,
                  label: t(`pipeline.conditionStatus.${status}`),
                }))}
                value={condition.status}
                allowDeselect={false}
                disabled={setCondition.isPending}
                onChange={(status) =>
                  status &&
                  setCondition.mutate(
                    { id: condition.id, status: status as ConditionStatus },
                    {
                      onSuccess: (saved) =>
                        toast(
                          'success',
                          appI18n.t('pipeline.decision.conditionSaved', {
                            status: appI18n.t(`pipeline.conditionStatus.${saved.status}`),
                          }),
                        ),
                      onError: (error) =>
                        toast('error', error instanceof ApiError ? error.body.message : appI18n.t('errors.generic')),
                    },
                  )
                }
              />
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** Fund availability and aid intensity, as the API computes them; warnings, never a block. */
function ChecksSection({ request }: { request: FundingRequest }) {
  const { t, i18n } = useTranslation();
  if (request.checks.length === 0) return null;
  const c = (key: KeyUnder<'pipeline.checks'>) => t(`pipeline.checks.${key}`);
  const language = i18n.language;
  return (
    <Section id="checks-title" title={c('title')}>
      <Text size="sm" c="gray.7" mb="xs">
        {c('intro')}
      </Text>
      <Stack gap="xs">
        {request.checks.map((check) => (
          <Paper key={check.fundId} withBorder p="xs">
            <Text fw={500}>{check.fundName}</Text>
            <Text size="sm">
              {t('pipeline.checks.money', {
                asked: formatAmount(check.amount, language),
                available: check.available === null ? c('noCapital') : formatAmount(check.available, language),
              })}
            </Text>
            {check.overAvailable && (
              <Text size="sm" c="red.9" fw={600}>
                {c('overAvailable')}
              </Text>
            )}
            <Text size="sm">
              {t('pipeline.checks.aid', {
                aid: formatPercent(check.aidPercent / 100, language),
                ceiling:
                  check.ceilingPercent === null ? c('noCeiling') : formatPercent(check.ceilingPercent / 100, language),
              })}
            </Text>
            {check.overCeiling && (
              <Text size="sm" c="red.9" fw={600}>
                {c('overCeiling')}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

/** Once disbursed: the loans the decision became, each opening the servicing loan page. */
function LoansSection({ request }: { request: FundingRequest }) {
  const { t } = useTranslation();
  if (request.contributionIds.length === 0) return null;
  return (
    <Section id="loans-title" title={t('pipeline.loans.title')}>
      <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {request.contributionIds.map((id, index) => (
          <li key={id}>
            <Anchor component={Link} to={`/companies/${request.companyId}/contributions/${id}`}>
              {t('pipeline.loans.loan', { number: index + 1 })}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Section>
  );
}

/** The request's moves, who made them and when, and the way to the company's whole history. */
function TimelineSection({ request }: { request: FundingRequest }) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="timeline-title" title={t('pipeline.timeline.title')}>
      <Timeline active={request.moves.length - 1} bulletSize={14} lineWidth={2}>
        {request.moves.map((move, index) => (
          <Timeline.Item
            key={`${move.insertedAt}:${index}`}
            title={
              move.fromState
                ? t('pipeline.timeline.moved', {
                    from: t(`pipeline.state.${move.fromState}`),
                    to: t(`pipeline.state.${move.toState}`),
                  })
                : t('pipeline.timeline.created')
            }
          >
            <Text size="sm" c="gray.7">
              {t('pipeline.timeline.by', {
                name: move.authorName ?? t('pipeline.timeline.system'),
                date: formatInstant(move.insertedAt, i18n.language),
              })}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <Anchor component={Link} to={`/companies/${request.companyId}/events`} size="sm" mt="sm" display="inline-block">
        {t('pipeline.timeline.history')}
      </Anchor>
    </Section>
  );
}
