import { useId, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Company, FinancialContribution } from '../../shared/companies';
import {
  agreementDifferences,
  computeSchedule,
  todayIso,
  type Schedule,
  type ScheduleRow,
} from '../../shared/portfolio/schedule';
import { formatAmount, formatDay, MISSING } from '../../shared/portfolio/ratios';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { useTranslation, type TFunction } from '../i18n';
import { useCompany } from './api';
import { useContributionFunds } from './lookups';
import classes from './print.module.css';
import { numberFormat } from '../../shared/intl';

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
      <dl className={classes.terms}>
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
  const s = (key: string, params?: Record<string, unknown>) => t(`portfolio.schedule.${key}`, params);
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

/** /companies/{id}/contributions/{contributionId}/schedule: the schedule, on screen and on paper. */
export default function SchedulePage() {
  const { id = '', contributionId = '' } = useParams();
  const { t } = useTranslation();
  const query = useCompany(id);
  if (query.isPending) return <PageLoader />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (!query.data) {
    return (
      <Text role="alert" c="red.9">
        {t('portfolio.schedule.loadFailed')}
      </Text>
    );
  }
  const index = query.data.financialContributions.findIndex((c) => c.id === contributionId);
  if (index < 0) return <NotFoundPage />;
  return <ScheduleView company={query.data} index={index} />;
}

function ScheduleView({ company, index }: { company: Company; index: number }) {
  const { t } = useTranslation();
  const funds = useContributionFunds();
  const contribution = company.financialContributions[index]!;
  const result = computeSchedule(termsOf(contribution), todayIso());
  const schedule = result.ok ? result.schedule : null;
  const s = (key: string, params?: Record<string, unknown>) => t(`portfolio.schedule.${key}`, params);
  const project = contribution.projectName || s('noProject', { number: index + 1 });
  const fundName = funds.data?.find((f) => f.id === contribution.contributionFundId)?.name;

  return (
    <Stack className={classes.sheet}>
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to={`/companies/${company.id}#contribution-${contribution.id}`}>
          {s('back')}
        </Anchor>
        <Button onClick={() => window.print()} disabled={!schedule}>
          {s('print')}
        </Button>
      </Group>
      <div>
        <Title order={1}>{s('title')}</Title>
        <Text size="lg" fw={500}>
          {s('heading', { company: company.name, project })}
        </Text>
      </div>
      <ScheduleFigures contribution={contribution} schedule={schedule} fundName={fundName} />
      {!schedule ? (
        <ScheduleProblems contribution={contribution} t={t} />
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {s('convention', { moratorium: contribution.moratorium ?? 0, amortization: contribution.amortization })}
          </Text>
          <InstallmentsView schedule={schedule} amount={contribution.amount ?? 0} />
        </>
      )}
    </Stack>
  );
}

/**
 * The installments, month by month: a table on a wide screen and on paper, a card per installment on a
 * phone (six columns of money and dates ran past its screen). A column added here shows in both.
 */
function InstallmentsView({ schedule, amount }: { schedule: Schedule; amount: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: string, params?: Record<string, unknown>) => t(`portfolio.schedule.${key}`, params);
  const money = (value: number) => formatAmount(value, locale);
  const columns: Column<ScheduleRow>[] = [
    {
      key: 'number',
      header: s('columns.number'),
      cell: (row) => row.number,
      cardCell: (row) => s('installment', { number: row.number }),
      numeric: true,
      head: true,
    },
    { key: 'date', header: s('columns.date'), cell: (row) => formatDay(row.date, locale), head: true },
    {
      key: 'payment',
      header: s('columns.payment'),
      cell: (row) => money(row.payment),
      numeric: true,
      total: money(schedule.totalPaid),
    },
    {
      key: 'interest',
      header: s('columns.interest'),
      cell: (row) => money(row.interest),
      numeric: true,
      total: money(schedule.totalInterest),
    },
    {
      key: 'principal',
      header: s('columns.principal'),
      cell: (row) => money(row.principal),
      numeric: true,
      total: money(amount),
    },
    { key: 'balance', header: s('columns.balance'), cell: (row) => money(row.balance), numeric: true },
  ];
  return (
    <TableOrCards
      rows={schedule.rows}
      columns={columns}
      rowKey={(row) => row.number}
      label={s('caption')}
      caption
      totalsLabel={s('totals')}
      border
    />
  );
}
