import { useState } from 'react';
import { Anchor, Button, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { todayIso } from '../../shared/portfolio/schedule';
import { bulkTermAmendmentInputSchema, type BulkTermAmendmentInput } from '../../shared/schemas/servicing';
import { useLookup } from '../api/lookups';
import { useConfirm } from '../components/confirm-dialog';
import { numberTextResolver } from '../components/number-input';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useTranslation, type KeyUnder } from '../i18n';
import { useBulkAmendment, useBulkAmendmentPreview, type BulkAmendmentAnswer } from './api';
import { AmendmentFields, ChoiceField, FormAlert, type Known } from './entry-forms';
import { showRefusal } from '../components/server-errors';
import { count, day, money } from './format';

/*
 * /portfolio/deferral: one amendment for every active loan of a fund, in one action (docs/decisions/0038). The
 * server's dry run says how many loans it reaches and their outstanding — or refuses as the write would — and
 * the confirmation names that count before anything is written. There is no undo of the whole action: each
 * loan's amendment is reversed on its own page, like any other.
 */

type Values = z.input<typeof bulkTermAmendmentInputSchema>;
const KNOWN: Known<Values> = ['fundId', 'effectiveDate', 'kind', 'months', 'rate', 'reason'];

export default function DeferralPage() {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const d = (key: KeyUnder<'servicing.deferralView'>, params?: Record<string, unknown>) =>
    t(`servicing.deferralView.${key}`, params);
  const funds = useLookup<{ id: string; name: string }>('/contribution_funds');
  const confirm = useConfirm();
  const preview = useBulkAmendmentPreview();
  const write = useBulkAmendment();
  const [result, setResult] = useState<{ answer: BulkAmendmentAnswer; fund: string } | null>(null);
  const form = useForm<Values, unknown, BulkTermAmendmentInput>({
    mode: 'all',
    resolver: numberTextResolver(bulkTermAmendmentInputSchema, ['months', 'rate']),
    defaultValues: { fundId: '', effectiveDate: todayIso(), kind: 'payment_holiday', months: '', rate: '', reason: '' },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const fundName = (id: string) => funds.data?.find((fund) => fund.id === id)?.name ?? '';

  const apply = async (input: BulkTermAmendmentInput, fund: string) => {
    try {
      const answer = await write.mutateAsync(input);
      toast('success', d('saved', { count: answer.amendedCount }));
      setResult({ answer, fund });
      unsaved.release();
      form.reset({ ...form.getValues(), reason: '' });
    } catch (error) {
      showRefusal(form, error, KNOWN);
    }
  };

  const review = async (input: BulkTermAmendmentInput) => {
    form.clearErrors('root.server');
    setResult(null);
    let answer;
    try {
      answer = await preview.mutateAsync(input);
    } catch (error) {
      showRefusal(form, error, KNOWN);
      return;
    }
    const fund = fundName(input.fundId);
    confirm({
      title: d('confirmTitle'),
      text: d('confirm', {
        count: answer.loansCount,
        fund,
        amount: money(answer.outstandingPrincipal, language),
        date: day(input.effectiveDate, language),
      }),
      confirmLabel: d('confirmLabel', { count: answer.loansCount }),
      onConfirm: () => apply(input, fund),
    });
  };

  return (
    <Stack maw={760}>
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
            <Button type="submit" loading={form.formState.isSubmitting || write.isPending}>
              {d('review')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && <DeferralResult answer={result.answer} fund={result.fund} />}
    </Stack>
  );
}

/** What was amended: the count, and each loan with a link to its page (where its amendment and schedule show). */
function DeferralResult({ answer, fund }: { answer: BulkAmendmentAnswer; fund: string }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const d = (key: KeyUnder<'servicing.deferralView'>, params?: Record<string, unknown>) =>
    t(`servicing.deferralView.${key}`, params);
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
