import { useId, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Company, FinancialContribution } from '../../shared/companies';
import { computeSchedule, todayIso, type Schedule, type ScheduleRow } from '../../shared/portfolio/schedule';
import { formatAmount, formatDay, MISSING } from '../../shared/portfolio/ratios';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
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

/** The terms and the schedule's key figures, as a description list (schedule page and printed file). */
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
  const items: [string, string][] = [
    ...(fundName ? ([[t('portfolio.dashboard.columns.fund'), fundName]] as [string, string][]) : []),
    [s('amount'), formatAmount(contribution.amount, locale)],
    [s('rate'), rate],
    [s('amortization'), months(contribution.amortization)],
    [s('moratorium'), months(contribution.moratorium ?? 0)],
    [s('authorizationDate'), formatDay(contribution.authorizationDate, locale)],
    ...(schedule
      ? ([
          [s('payment'), formatAmount(schedule.payment, locale)],
          [s('totalInterest'), formatAmount(schedule.totalInterest, locale)],
          [s('totalPaid'), formatAmount(schedule.totalPaid, locale)],
          [s('balanceToday'), formatAmount(schedule.balanceToday, locale)],
        ] as [string, string][])
      : []),
  ];
  return (
    <dl className={classes.terms}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
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

/** One figure of each installment: a column of the table, a line of an installment's card on a phone. */
interface InstallmentColumn {
  key: string;
  value: (row: ScheduleRow) => ReactNode;
  /** The column's total in the totals row, when it has one. */
  total?: ReactNode;
}

/**
 * The installments, month by month: a table on a wide screen and on paper, a card per installment on a
 * phone, where six columns of money and dates ran past the screen. Both read the same columns, so a
 * column added to `columns` shows in both.
 */
function InstallmentsView({ schedule, amount }: { schedule: Schedule; amount: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: string, params?: Record<string, unknown>) => t(`portfolio.schedule.${key}`, params);
  const money = (value: number) => formatAmount(value, locale);
  const columns: InstallmentColumn[] = [
    { key: 'payment', value: (row) => money(row.payment), total: money(schedule.totalPaid) },
    { key: 'interest', value: (row) => money(row.interest), total: money(schedule.totalInterest) },
    { key: 'principal', value: (row) => money(row.principal), total: money(amount) },
    { key: 'balance', value: (row) => money(row.balance) },
  ];
  const captionId = useId();

  return (
    <>
      <div className={classes.wideOnly}>
        <Table className={classes.numbers} striped withTableBorder>
          <Table.Caption c="gray.8">{s('caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th data-numeric>{s('columns.number')}</Table.Th>
              <Table.Th>{s('columns.date')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} data-numeric>
                  {s(`columns.${column.key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.rows.map((row) => (
              <Table.Tr key={row.number}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td style={{ textAlign: 'start' }}>{formatDay(row.date, locale)}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.value(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {s('totals')}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.total}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
      <div className={classes.narrowOnly}>
        <Text id={captionId} fw={600} mb="xs">
          {s('caption')}
        </Text>
        <ol aria-labelledby={captionId} className={classes.installments}>
          {schedule.rows.map((row) => (
            <li key={row.number} className={classes.installmentCard}>
              <div className={classes.installmentHead}>
                <span>{s('installment', { number: row.number })}</span>
                <span>{formatDay(row.date, locale)}</span>
              </div>
              <dl className={classes.installmentFigures}>
                {columns.map((column) => (
                  <div key={column.key}>
                    <dt>{s(`columns.${column.key}`)}</dt>
                    <dd>{column.value(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
        <section aria-labelledby={`${captionId}-totals`} className={classes.installmentCard}>
          <div className={classes.installmentHead} id={`${captionId}-totals`}>
            {s('totals')}
          </div>
          <dl className={classes.installmentFigures}>
            {columns
              .filter((column) => column.total !== undefined)
              .map((column) => (
                <div key={column.key}>
                  <dt>{s(`columns.${column.key}`)}</dt>
                  <dd>{column.total}</dd>
                </div>
              ))}
          </dl>
        </section>
      </div>
    </>
  );
}
