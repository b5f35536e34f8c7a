import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ServicingSchedule, WireInstallmentStatus } from '../../shared/schemas/servicing-answers';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { useTranslation, type KeyUnder } from '../i18n';
import type { useCompanyOf } from './api';
import { AsOfField } from './as-of';
import { day, money, percent } from './format';
import { Section } from '../components/section';
import { LoanHeading, ScheduleUnavailable, TermsTable, useLoanScreen } from './loan-parts';
import { isNotFound } from '../components/query-state';
import printable from '../components/printable.module.css';
import classes from './servicing.module.css';
import { ScheduleFigures, termsOf } from '../components/schedule-figures';
import { StatusBadge } from '../components/loan-status';
import { computeSchedule, todayIso } from '../../shared/portfolio/schedule';

type Row = ServicingSchedule['rows'][number];

const STATUS_COLORS: Record<WireInstallmentStatus | 'holiday', string> = {
  holiday: 'gray.7',
  paid: 'teal.9',
  partial: 'blue.8',
  late: 'red.9',
  future: 'gray.7',
};

/**
 * A payment-holiday installment asks nothing (its interest is capitalised), so it is never "paid": it says
 * "Congé" / "Holiday" in grey, before and after its date, instead of the green "Payée" its zero would give.
 */
export function isHolidayInstallment(row: Pick<Row, 'kind' | 'payment'>): boolean {
  return row.kind === 'holiday' && row.payment === 0;
}

export function InstallmentStatus({ row }: { row: Row }) {
  const { t } = useTranslation();
  const holiday = isHolidayInstallment(row);
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <StatusBadge
        status={holiday ? 'holiday' : row.status}
        colors={STATUS_COLORS}
        label={t(`servicing.scheduleView.status.${holiday ? 'holiday' : row.status}`)}
      />
      {row.dueOnAsOf && (
        <Text component="span" size="xs" fw={600}>
          {t('servicing.scheduleView.dueToday')}
        </Text>
      )}
    </Group>
  );
}

/**
 * /companies/{id}/contributions/{contributionId}/schedule: the loan's installments with what was paid and
 * what is still due on each, as of a day; the terms as amended beside the agreed ones. A table on a wide screen
 * and on paper, a card per installment on a phone.
 */
export default function SchedulePage() {
  const { companyId, contributionId, asOf, schedule, company } = useLoanScreen();
  const { t } = useTranslation();
  const s = (key: KeyUnder<'servicing.scheduleView'>, params?: Record<string, unknown>) =>
    t(`servicing.scheduleView.${key}`, params);
  const loanLink = `/companies/${companyId}/contributions/${contributionId}${asOf ? `?as_of=${asOf}` : ''}`;
  const back = (
    <Anchor component={Link} to={loanLink}>
      {t('servicing.titles.loan')}
    </Anchor>
  );
  if (!schedule.data || isNotFound(schedule.error)) {
    return <ScheduleUnavailable query={schedule} back={<div className={printable.noPrint}>{back}</div>} />;
  }
  const data = schedule.data;
  return (
    <Stack className={classes.page}>
      <Group justify="space-between" className={printable.noPrint}>
        {back}
        <Button onClick={() => window.print()}>{s('print')}</Button>
      </Group>
      <LoanHeading schedule={data} company={company.data} contributionId={contributionId} title={s('title')} />
      <AgreedFigures company={company.data} contributionId={contributionId} />
      <AsOfField />
      {data.status === 'written_off' && (
        <Alert color="gray.9" variant="outline" data-testid="schedule-written-off">
          {s('writtenOffStops')}
        </Alert>
      )}
      {data.projected && (
        <Alert color="blue.8" variant="outline">
          {s('projected')}
        </Alert>
      )}
      <Section id="schedule-terms" title={t('servicing.terms.title')}>
        <TermsTable schedule={data} />
      </Section>
      <Text size="sm" c="gray.7">
        {s('convention')}
      </Text>
      <Installments schedule={data} />
    </Stack>
  );
}

/**
 * The figures typed at authorization beside those the terms give (ADR 0032), so that the agreed payment is
 * never mistaken for the computed one; the rows below then say what was actually paid.
 */
function AgreedFigures({
  company,
  contributionId,
}: {
  company: ReturnType<typeof useCompanyOf>['data'];
  contributionId: string;
}) {
  const contribution = company?.financialContributions.find((c) => c.id === contributionId);
  if (!contribution) return null;
  const computed = computeSchedule(termsOf(contribution), todayIso());
  return <ScheduleFigures contribution={contribution} schedule={computed.ok ? computed.schedule : null} />;
}

function Installments({ schedule }: { schedule: ServicingSchedule }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: KeyUnder<'servicing.scheduleView'>, params?: Record<string, unknown>) =>
    t(`servicing.scheduleView.${key}`, params);
  const m = (value: number) => money(value, locale);
  const sum = (pick: (row: Row) => number) => schedule.rows.reduce((total, row) => total + pick(row), 0);
  // A column of cents with its total under it.
  const moneyColumn = (
    key: 'payment' | 'interest' | 'principal' | 'paid' | 'due',
    cell: (row: Row) => ReactNode = (row) => m(row[key]),
  ): Column<Row> => ({ key, header: s(`columns.${key}`), cell, numeric: true, total: m(sum((row) => row[key])) });
  const agreedRate = schedule.originalTerms.rate;
  /** What makes an installment unlike a level payment at the agreed rate: its kind, its rate, a write-off. */
  const notes = (row: Row) =>
    [
      row.kind !== 'regular' ? t(`servicing.installmentKind.${row.kind}`) : null,
      row.rate !== agreedRate ? s('rateOf', { rate: percent(row.rate, locale) }) : null,
      row.writtenOff > 0 ? s('writtenOff', { amount: m(row.writtenOff) }) : null,
    ].filter(Boolean);
  const dateCell = (row: Row) => {
    const extra = notes(row);
    return (
      <>
        {day(row.date, locale)}
        {extra.length > 0 && (
          <Text component="span" size="xs" c="gray.7" display="block">
            {extra.join(' · ')}
          </Text>
        )}
      </>
    );
  };
  const columns: Column<Row>[] = [
    {
      key: 'number',
      header: s('columns.number'),
      cell: (row) => row.number,
      cardCell: (row) => s('installment', { number: row.number }),
      numeric: true,
      head: true,
    },
    { key: 'date', header: s('columns.date'), cell: dateCell, head: true },
    {
      key: 'status',
      header: s('columns.status'),
      cell: (row) => <InstallmentStatus row={row} />,
      head: true,
    },
    ...(['payment', 'interest', 'principal'] as const).map((key) => moneyColumn(key)),
    { key: 'balance', header: s('columns.balance'), cell: (row) => m(row.balance), numeric: true },
    moneyColumn('paid'),
    moneyColumn('due', (row) => (row.due > 0 ? <strong>{m(row.due)}</strong> : m(row.due))),
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
