import type { ReactNode } from 'react';
import { Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Company } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import type { AmendmentKind } from '../../shared/servicing';
import type { ServicingSchedule, TermAmendmentAnswer } from '../../shared/schemas/servicing-answers';
import { ApiError } from '../api/client';
import { LoanStatusBadge } from '../components/loan-status';
import { RecordUnavailable } from '../components/query-state';
import { useTranslation, type TFunction, type KeyUnder } from '../i18n';
import { count, day, money, percent } from './format';
import classes from './servicing.module.css';
import { TermList } from '../components/term-list';
import { useParams } from 'react-router';
import { useCompanyOf, useLoanSchedule } from './api';
import { useAsOf } from './as-of';

/* What the loan's screens (the loan, its schedule) show alike. */

/** What a loan's screen reads: the company and loan of its address, the day it is shown as of, its schedule and company. */
export function useLoanScreen() {
  const { id: companyId = '', contributionId = '' } = useParams();
  const [asOf] = useAsOf();
  const schedule = useLoanSchedule(companyId, contributionId, asOf);
  const company = useCompanyOf(companyId);
  return { companyId, contributionId, asOf, schedule, company };
}

/** The loan's heading: number, status, company, project and fund. */
/**
 * A loan's screen whose schedule could not be read: the loader, the not-found page, or the way back and why (a
 * loan without terms has no schedule).
 */
export function ScheduleUnavailable({
  query,
  back,
}: {
  query: { isPending: boolean; error: unknown };
  back: ReactNode;
}) {
  const { t } = useTranslation();
  const noTerms = query.error instanceof ApiError && query.error.status === 422;
  return (
    <RecordUnavailable
      query={query}
      failed={
        <Stack>
          {back}
          <Alert color="red.9" variant="outline" role="alert">
            {t(noTerms ? 'servicing.loan.unavailable' : 'servicing.loan.loadFailed')}
          </Alert>
        </Stack>
      }
    />
  );
}

/**
 * `text` with `part` (a loan number such as PR-2026-0012) kept on one line: a narrow screen breaks the
 * words around it, never the number at its hyphen. The text reads and copies as before.
 */
export function keepWhole(text: string, part: string): ReactNode {
  const at = part ? text.indexOf(part) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className={classes.nowrap}>{part}</span>
      {text.slice(at + part.length)}
    </>
  );
}

export function LoanHeading({
  schedule,
  company,
  contributionId,
  title,
}: {
  schedule: ServicingSchedule;
  company: Company | undefined;
  contributionId: string;
  /** The screen's own title when it is not the loan page (the schedule). */
  title?: string;
}) {
  const { t } = useTranslation();
  const index = company?.financialContributions.findIndex((c) => c.id === contributionId) ?? -1;
  const contribution = index >= 0 ? company?.financialContributions[index] : undefined;
  const project = contribution?.projectName || t('servicing.loan.noProject', { number: index + 1 });
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1}>
          {title ?? keepWhole(t('servicing.loan.heading', { number: schedule.loanNumber }), schedule.loanNumber)}
        </Title>
        {title && (
          <Text fw={600}>
            {keepWhole(t('servicing.loan.heading', { number: schedule.loanNumber }), schedule.loanNumber)}
          </Text>
        )}
        {company && (
          <Text size="lg" fw={500}>
            {t('servicing.loan.subheading', { company: company.name, project })}
          </Text>
        )}
      </div>
      <LoanStatusBadge status={schedule.status} />
    </Group>
  );
}

/** An amendment in words: "Moratorium of 3 months from Apr 1, 2026", "Rate change to 6% from …". */
export function amendmentText(
  amendment: Pick<TermAmendmentAnswer, 'kind' | 'months' | 'rate' | 'effectiveDate'>,
  t: TFunction,
  locale: Locale,
): string {
  const kind = t(`servicing.amendmentKind.${amendment.kind}`);
  const date = day(amendment.effectiveDate, locale);
  return amendment.kind === 'rate_change'
    ? t('servicing.terms.amendmentRate', { kind, rate: percent(amendment.rate ?? 0, locale), date })
    : t('servicing.terms.amendmentMonths', { kind, count: amendment.months ?? 0, date });
}

/**
 * The terms as agreed beside the terms with the amendments in force (ADR 0033 §2: an amendment never overwrites
 * them), then what they make of the loan: its first disbursement, level payment, installments, last one.
 */
export function TermsTable({ schedule }: { schedule: ServicingSchedule }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: KeyUnder<'servicing.terms'>, params?: Record<string, unknown>) => t(`servicing.terms.${key}`, params);
  const original = schedule.originalTerms;
  const inForce = schedule.amendments.filter((a) => !a.reversed);
  const monthsOf = (kind: AmendmentKind) =>
    inForce.filter((a) => a.kind === kind).reduce((sum, a) => sum + (a.months ?? 0), 0);
  const rateChanges = inForce
    .filter((a) => a.kind === 'rate_change')
    .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  const rate = rateChanges.at(-1)?.rate ?? original.rate;
  const months = (value: number) => s('months', { count: value });
  const holidays = monthsOf('payment_holiday');
  const rows: [string, string, string][] = [
    [s('amount'), money(original.amount, locale), money(original.amount, locale)],
    [s('rate'), percent(original.rate, locale), percent(rate, locale)],
    [s('moratorium'), months(original.moratorium), months(original.moratorium + monthsOf('moratorium'))],
    [s('amortization'), months(original.amortization), months(original.amortization + monthsOf('term_extension'))],
    ...(holidays > 0
      ? ([[t('servicing.amendmentKind.payment_holiday'), months(0), months(holidays)]] as [string, string, string][])
      : []),
  ];
  const last = schedule.rows.at(-1);
  const facts: [string, string][] = [
    [s('startDate'), schedule.startDate ? day(schedule.startDate, locale) : s('notDisbursed')],
    [s('levelPayment'), money(schedule.figures.levelPayment, locale)],
    [s('installments'), count(schedule.rows.length, locale)],
    [s('lastDueDate'), day(last?.date ?? null, locale)],
  ];
  return (
    <Stack>
      <Table className={classes.numbers} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{s('term')}</Table.Th>
            <Table.Th scope="col" data-numeric>
              {s('agreed')}
            </Table.Th>
            <Table.Th scope="col" data-numeric>
              {s('amended')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, agreed, amended]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td data-numeric>{agreed}</Table.Td>
              <Table.Td data-numeric fw={amended !== agreed ? 700 : undefined}>
                {amended}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TermList items={facts} className={classes.figures} valueClassName={classes.figureValue} />
    </Stack>
  );
}
