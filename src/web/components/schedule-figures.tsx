import { useId, type ReactNode } from 'react';
import { Alert, List, Stack, Text } from '@mantine/core';
import type { FinancialContribution } from '../../shared/companies';
import { agreementDifferences, computeSchedule, todayIso, type Schedule } from '../../shared/portfolio/schedule';
import { formatAmount, formatDay, MISSING } from '../../shared/portfolio/ratios';
import { useTranslation, type TFunction, type KeyUnder } from '../i18n';
import classes from './schedule-figures.module.css';
import printable from './printable.module.css';
import { numberFormat } from '../../shared/intl';
import { TermList } from './term-list';

/** The terms a schedule is computed from, as the company file holds them. */
export const termsOf = (c: FinancialContribution) => ({
  amount: c.amount,
  rate: c.rate,
  amortization: c.amortization,
  moratorium: c.moratorium,
  authorizationDate: c.authorizationDate,
});

/** A labelled group of figures: a description list under a short title. */
function FigureGroup({ label, items }: { label: string; items: [string, string][] }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} fw={600} size="sm" mb={4}>
        {label}
      </Text>
      <TermList items={items} className={printable.terms} />
    </div>
  );
}

/**
 * A loan's figures in two groups, so that none is mistaken for another (ADR 0032): those typed in the company
 * file at authorization (the terms, the agreed payment, the expected end date) and those computed from the
 * terms (the schedule's payment, totals, last payment and balance today); then, where a typed figure
 * disagrees with the computed one, a note saying both and why. Schedule page and printed file.
 */
export function ScheduleFigures({
  contribution,
  schedule,
  fundName,
}: {
  contribution: FinancialContribution;
  schedule: Schedule | null;
  fundName?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: KeyUnder<'portfolio.schedule'>, params?: Record<string, unknown>) =>
    t(`portfolio.schedule.${key}`, params);
  const months = (value: number | null) => (value === null ? MISSING : s('months', { count: value }));
  const rate =
    contribution.rate === null
      ? MISSING
      : numberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(contribution.rate / 100);
  const typed: [string, string][] = [
    ...(fundName ? ([[t('portfolio.dashboard.columns.fund'), fundName]] as [string, string][]) : []),
    [s('amount'), formatAmount(contribution.amount, locale)],
    [s('rate'), rate],
    [s('amortization'), months(contribution.amortization)],
    [s('moratorium'), months(contribution.moratorium ?? 0)],
    [s('authorizationDate'), formatDay(contribution.authorizationDate, locale)],
    [s('agreedPayment'), formatAmount(contribution.refund, locale)],
    [s('expectedEndDate'), formatDay(contribution.expectedEndDate, locale)],
  ];
  const differences = agreementDifferences(contribution, schedule);
  return (
    <Stack gap="sm">
      <FigureGroup label={s('typed')} items={typed} />
      {schedule && (
        <FigureGroup
          label={s('computed')}
          items={[
            [s('payment'), formatAmount(schedule.payment, locale)],
            [s('totalInterest'), formatAmount(schedule.totalInterest, locale)],
            [s('totalPaid'), formatAmount(schedule.totalPaid, locale)],
            [s('lastPaymentDate'), formatDay(schedule.lastPaymentDate, locale)],
            [s('balanceToday'), formatAmount(schedule.balanceToday, locale)],
          ]}
        />
      )}
      {schedule && differences.payment && (
        <Difference>
          {s('paymentDiffers', {
            agreed: formatAmount(contribution.refund, locale),
            computed: formatAmount(schedule.payment, locale),
          })}
        </Difference>
      )}
      {schedule && differences.endDate && (
        <Difference>
          {s('endDateDiffers', {
            expected: formatDay(contribution.expectedEndDate, locale),
            last: formatDay(schedule.lastPaymentDate, locale),
            months: schedule.rows.length,
          })}
        </Difference>
      )}
    </Stack>
  );
}

/** A note beside the figures: dark text (readable), marked by an orange rule at its start. */
function Difference({ children }: { children: ReactNode }) {
  return (
    <Text role="note" size="sm" className={classes.difference}>
      {children}
    </Text>
  );
}

/** Why there is no schedule, field by field (ADR 0020). */
export function ScheduleProblems({ contribution, t }: { contribution: FinancialContribution; t: TFunction }) {
  const result = computeSchedule(termsOf(contribution), todayIso());
  if (result.ok) return null;
  return (
    <Alert color="red.9" variant="outline" title={t('portfolio.schedule.unavailable')}>
      <List size="sm">
        {result.problems.map((problem) => (
          <List.Item key={problem.field}>{t(problem.key)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
