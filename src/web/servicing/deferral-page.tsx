import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { todayIso } from '../../shared/portfolio/schedule';
import {
  SERVICING_LIMITS,
  bulkTermAmendmentInputSchema,
  reversalInputSchema,
  type BulkTermAmendmentInput,
  type ReversalInput,
} from '../../shared/schemas/servicing';
import type { BulkActionAnswer } from '../../shared/schemas/servicing-answers';
import { useLookup } from '../api/lookups';
import { StatusBadge } from '../components/loan-status';
import { numberTextResolver } from '../components/number-input';
import { fieldError } from '../components/form';
import { failureText } from '../components/query-state';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { toast } from '../components/toasts';
import { pendingMessage } from '../components/loan-moves';
import type { Locale } from '../../shared/constants';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useTranslation, type KeyUnder } from '../i18n';
import {
  useBulkActions,
  useBulkAmendment,
  useBulkAmendmentPreview,
  useBulkReversal,
  type BulkAmendmentAnswer,
  type BulkAmendmentPreview,
} from './api';
import { AmendmentFields, ChoiceField, FormAlert, type Known } from './entry-forms';
import { showRefusal } from '../components/server-errors';
import { amendmentText } from './loan-parts';
import { count, day, money } from './format';

/*
 * /portfolio/deferral: one amendment for every active loan of a fund, in one action (docs/decisions/0038, 0062).
 * The server's dry run comes first: it lists the loans the amendment reaches, each with its company and
 * outstanding — or refuses as the write would, the same action already in force included (naming it) — and
 * only then can it be applied. The fund's past actions are listed below, each reversible as one.
 */

type Values = z.input<typeof bulkTermAmendmentInputSchema>;
const KNOWN: Known<Values> = ['fundId', 'effectiveDate', 'kind', 'months', 'rate', 'reason'];
type PreviewLoan = BulkAmendmentPreview['loans'][number];

function useDeferralText() {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const d = (key: KeyUnder<'servicing.deferralView'>, params?: Record<string, unknown>) =>
    t(`servicing.deferralView.${key}`, params);
  return { t, d, language };
}

export default function DeferralPage() {
  const { t, d, language } = useDeferralText();
  const funds = useLookup<{ id: string; name: string }>('/contribution_funds');
  const preview = useBulkAmendmentPreview();
  const write = useBulkAmendment();
  const [reviewed, setReviewed] = useState<{ input: BulkTermAmendmentInput; answer: BulkAmendmentPreview } | null>(
    null,
  );
  const [result, setResult] = useState<{ answer: BulkAmendmentAnswer; fund: string } | null>(null);
  const form = useForm<Values, unknown, BulkTermAmendmentInput>({
    mode: 'all',
    resolver: numberTextResolver(bulkTermAmendmentInputSchema, ['months', 'rate']),
    defaultValues: { fundId: '', effectiveDate: todayIso(), kind: 'payment_holiday', months: '', rate: '', reason: '' },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const fundName = (id: string) => funds.data?.find((fund) => fund.id === id)?.name ?? '';
  const fundId = useWatch({ control: form.control, name: 'fundId' }) ?? '';

  const review = async (input: BulkTermAmendmentInput) => {
    form.clearErrors('root.server');
    setResult(null);
    setReviewed(null);
    try {
      setReviewed({ input, answer: await preview.mutateAsync(input) });
    } catch (error) {
      showRefusal(form, error, KNOWN);
    }
  };

  const apply = async () => {
    if (!reviewed) return;
    const { input } = reviewed;
    try {
      const { pending, answer } = await write.mutateAsync(input);
      if (pending) toast('info', pendingMessage(pending, t, language as Locale));
      else {
        toast('success', d('saved', { count: answer.amendedCount }));
        setResult({ answer, fund: fundName(input.fundId) });
      }
      setReviewed(null);
      unsaved.release();
      form.reset({ ...form.getValues(), reason: '' });
    } catch (error) {
      setReviewed(null);
      showRefusal(form, error, KNOWN);
    }
  };

  return (
    <Stack maw={880}>
      <Title order={1}>{d('title')}</Title>
      <Text>{d('intro')}</Text>
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        aria-busy={form.formState.isSubmitting}
        aria-label={d('title')}
        onSubmit={(e) => void form.handleSubmit(review)(e)}
      >
        <Stack>
          <ChoiceField
            form={form}
            name="fundId"
            label={d('fund')}
            values={(funds.data ?? []).map((fund) => fund.id)}
            labelOf={fundName}
          />
          <AmendmentFields form={form} />
          <FormAlert form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting || preview.isPending}>
              {d('review')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {reviewed && (
        <DeferralPreview
          answer={reviewed.answer}
          input={reviewed.input}
          fund={fundName(reviewed.input.fundId)}
          applying={write.isPending}
          onApply={() => void apply()}
          onCancel={() => setReviewed(null)}
        />
      )}
      {result && <DeferralResult answer={result.answer} fund={result.fund} />}
      {fundId !== '' && <PastActions fundId={fundId} fund={fundName(fundId)} key={fundId} />}
    </Stack>
  );
}

/** The dry run: every loan the amendment would reach, with its outstanding and their total; then apply. */
function DeferralPreview({
  answer,
  input,
  fund,
  applying,
  onApply,
  onCancel,
}: {
  answer: BulkAmendmentPreview;
  input: BulkTermAmendmentInput;
  fund: string;
  applying: boolean;
  onApply(): void;
  onCancel(): void;
}) {
  const { d, language } = useDeferralText();
  const columns: Column<PreviewLoan>[] = [
    {
      key: 'loan',
      header: d('columns.loan'),
      head: true,
      rowHeader: true,
      cell: (loan) => (
        <Anchor component={Link} to={`/companies/${loan.companyId}/contributions/${loan.contributionId}`}>
          {loan.loanNumber}
        </Anchor>
      ),
    },
    { key: 'company', header: d('columns.company'), cell: (loan) => loan.companyName },
    {
      key: 'outstanding',
      header: d('columns.outstanding'),
      numeric: true,
      cell: (loan) => money(loan.outstandingPrincipal, language),
      total: money(answer.outstandingPrincipal, language),
    },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deferral-preview">
      <Stack gap="sm">
        <Title order={2} size="h3" id="deferral-preview">
          {d('previewTitle')}
        </Title>
        <Text role="status">
          {d('confirm', {
            count: answer.loansCount,
            fund,
            amount: money(answer.outstandingPrincipal, language),
            date: day(input.effectiveDate, language),
          })}
        </Text>
        <TableOrCards
          rows={answer.loans}
          columns={columns}
          rowKey={(loan) => loan.contributionId}
          label={d('previewTitle')}
          totalsLabel={d('total')}
          border
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {d('cancelPreview')}
          </Button>
          <Button onClick={onApply} loading={applying}>
            {d('confirmLabel', { count: answer.loansCount })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What was amended: the count, and each loan with a link to its page (where its amendment and schedule show). */
function DeferralResult({ answer, fund }: { answer: BulkAmendmentAnswer; fund: string }) {
  const { d, language } = useDeferralText();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deferral-result">
      <Stack gap="xs">
        <Title order={2} size="h3" id="deferral-result">
          {d('result')}
        </Title>
        <Text role="status">{d('done', { count: count(answer.amendedCount, language), fund })}</Text>
        <ScrollArea.Autosize mah={420} type="auto">
          <List listStyleType="none" spacing={4} aria-labelledby="deferral-result">
            {answer.loans.map((loan) => (
              <List.Item key={loan.contributionId}>
                <Anchor component={Link} to={`/companies/${loan.companyId}/contributions/${loan.contributionId}`}>
                  {d('loan', { number: loan.loanNumber, company: loan.companyName })}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

const STATE_COLORS: Record<BulkActionAnswer['state'], string> = {
  applied: 'blue.8',
  partly_reversed: 'orange.9',
  reversed: 'gray.7',
};

/** The fund's past actions, the latest first, each with where it stands and, while it holds, its reversal. */
function PastActions({ fundId, fund }: { fundId: string; fund: string }) {
  const { t, d, language } = useDeferralText();
  const actions = useBulkActions(fundId);
  const [reversing, setReversing] = useState<BulkActionAnswer | null>(null);
  const at = (instant: string) => day(todayIso(new Date(instant)), language);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deferral-past">
      <Stack gap="sm">
        <Title order={2} size="h3" id="deferral-past">
          {d('pastTitle', { fund })}
        </Title>
        {actions.isPending ? (
          <Text c="gray.7">{t('common.loading')}</Text>
        ) : actions.error ? (
          <Alert color="red.9" variant="outline" role="alert">
            {failureText(actions.error, d('pastFailed'))}
          </Alert>
        ) : actions.data.length === 0 ? (
          <Text c="gray.7">{d('pastEmpty')}</Text>
        ) : (
          <List listStyleType="none" spacing="sm" aria-labelledby="deferral-past">
            {actions.data.map((action) => (
              <List.Item key={action.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{amendmentText(action, t, language)}</Text>
                      <StatusBadge
                        status={action.state}
                        colors={STATE_COLORS}
                        label={d(`state.${action.state}`, { count: action.inForceCount, total: action.loansCount })}
                      />
                    </Group>
                    <Text size="sm">
                      {d('pastLine', {
                        count: action.loansCount,
                        date: at(action.insertedAt),
                        name: action.authorName ?? '—',
                        reason: action.reason,
                      })}
                    </Text>
                    {action.reversal && (
                      <Text size="sm" c="gray.7">
                        {d('reversedLine', {
                          date: at(action.reversal.reversedAt),
                          name: action.reversal.reversedByName ?? '—',
                          reason: action.reversal.reason,
                        })}
                      </Text>
                    )}
                  </Stack>
                  {action.state !== 'reversed' && (
                    <Button
                      variant="light"
                      color="red.9"
                      style={{ flexShrink: 0 }}
                      onClick={() => setReversing(action)}
                      aria-label={d('reverseLabel', { action: amendmentText(action, t, language) })}
                    >
                      {d('reverse')}
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Modal opened={reversing !== null} onClose={() => setReversing(null)} title={d('reverseTitle')} size="lg">
        {reversing && <ReverseActionForm action={reversing} onDone={() => setReversing(null)} />}
      </Modal>
    </Paper>
  );
}

/** The reversal's reason, which is its confirmation: it says what it reverses, then reverses it as one. */
function ReverseActionForm({ action, onDone }: { action: BulkActionAnswer; onDone(): void }) {
  const { t, d, language } = useDeferralText();
  const reverse = useBulkReversal();
  const form = useForm<ReversalInput, unknown, ReversalInput>({
    mode: 'onSubmit',
    resolver: numberTextResolver(reversalInputSchema, []),
    defaultValues: { reason: '' },
  });
  const submit = async (input: ReversalInput) => {
    try {
      await reverse.mutateAsync({ id: action.id, reason: input.reason });
      toast('success', d('reversed', { count: action.inForceCount }));
      onDone();
    } catch (error) {
      showRefusal(form, error, ['reason']);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
      <Stack>
        <Text>
          {d('reverseText', {
            action: amendmentText(action, t, language),
            count: action.inForceCount,
          })}
        </Text>
        <Textarea
          label={d('reverseReason')}
          required
          autosize
          minRows={2}
          maxLength={SERVICING_LIMITS.reason}
          error={fieldError(form, 'reason')}
          data-autofocus
          {...form.register('reason')}
        />
        <FormAlert form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={form.formState.isSubmitting}>
            {d('reverseConfirm', { count: action.inForceCount })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
