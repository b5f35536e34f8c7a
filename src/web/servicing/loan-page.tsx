import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Company } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import type {
  DisbursementAnswer,
  RepaymentAnswer,
  ServicingSchedule,
  TermAmendmentAnswer,
  LoanSummary,
} from '../../shared/schemas/servicing-answers';
import { useTranslation, type TFunction, type KeyUnder } from '../i18n';
import { ArchivedCompanyBadge } from '../components/archived-company-badge';
import { LoanAuthority } from '../components/loan-authority';
import { LoanGuarantees } from '../components/loan-guarantees';
import { LoanMoves } from '../components/loan-moves';
import { SubjectLetters } from '../components/subject-letters';
import { useBuckets, useDisbursements, useRepayments, useTermAmendments } from './api';
import { AsOfField, useAsOf } from './as-of';
import { Section } from '../components/section';
import { amendmentText, LoanHeading, ScheduleUnavailable, TermsTable, useLoanScreen } from './loan-parts';
import { isNotFound } from '../components/query-state';
import { EntryModal, repaymentOwed, type EntryDialog } from './entry-forms';
import { bucketName, count, day, money } from './format';
import printable from '../components/printable.module.css';
import classes from './servicing.module.css';

/**
 * /companies/{id}/contributions/{contributionId}: one loan — its figures with what each one is, its terms as
 * agreed and as amended, the money paid out and received (reversed entries struck through with their reason),
 * its aging history, and every servicing action (docs/decisions/0038). The figures are as of a day, today
 * unless the page's `as_of` says otherwise.
 */
export default function LoanPage() {
  const { companyId, contributionId, schedule, company } = useLoanScreen();
  const { t } = useTranslation();
  const back = (
    <Anchor
      component={Link}
      to={`/companies/${companyId}#contribution-${contributionId}`}
      className={printable.noPrint}
    >
      {t('servicing.loan.back')}
    </Anchor>
  );
  if (!schedule.data || isNotFound(schedule.error)) return <ScheduleUnavailable query={schedule} back={back} />;
  return (
    <Loan
      companyId={companyId}
      contributionId={contributionId}
      schedule={schedule.data}
      company={company.data}
      back={back}
    />
  );
}

function Loan({
  companyId,
  contributionId,
  schedule,
  company,
  back,
}: {
  companyId: string;
  contributionId: string;
  schedule: ServicingSchedule;
  company: Company | undefined;
  back: ReactNode;
}) {
  const { t } = useTranslation();
  const [asOf] = useAsOf();
  const disbursements = useDisbursements(companyId, contributionId);
  const repayments = useRepayments(companyId, contributionId);
  const amendments = useTermAmendments(companyId, contributionId);
  const [dialog, setDialog] = useState<EntryDialog | null>(null);
  const l = (key: KeyUnder<'servicing.loan'>, params?: Record<string, unknown>) => t(`servicing.loan.${key}`, params);
  const loan: LoanSummary | undefined =
    disbursements.data?.meta.loan ?? repayments.data?.meta.loan ?? amendments.data?.meta.loan;
  const writeOff = loan?.writeOff ?? null;
  const { figures, status } = schedule;
  const viewQuery = asOf ? `?as_of=${asOf}` : '';
  const base = `/companies/${companyId}/contributions/${contributionId}`;
  // The hints of the forms are today's: a past day's payoff would mislead.
  const today = asOf === null;

  return (
    <Stack className={classes.page}>
      {back}
      <LoanHeading schedule={schedule} company={company} contributionId={contributionId} />
      {(loan?.companyArchived ?? Boolean(company?.archivedAt)) && <ArchivedCompanyBadge w="fit-content" />}
      <LoanAuthority contribution={company?.financialContributions.find((c) => c.id === contributionId)} />
      <AsOfField />
      <Group component="nav" aria-label={l('views')} gap="lg">
        <Anchor component={Link} to={`${base}/schedule${viewQuery}`}>
          {l('openSchedule')}
        </Anchor>
        <Anchor component={Link} to={`${base}/statement${viewQuery}`}>
          {l('openStatement')}
        </Anchor>
      </Group>
      <Group gap="sm" role="group" aria-label={l('actions')}>
        {/* A written-off loan takes no money out and no change of terms: only recoveries, or the undo. */}
        {writeOff === null && (
          <Button
            variant="light"
            onClick={() => setDialog({ kind: 'disbursement', available: today ? figures.undisbursed : null })}
          >
            {l('recordDisbursement')}
          </Button>
        )}
        <Button
          variant="light"
          onClick={() =>
            setDialog({
              kind: 'repayment',
              payoff: today ? figures.payoffAmount : null,
              owed: today ? repaymentOwed(schedule) : null,
              writtenOff: writeOff !== null,
            })
          }
        >
          {l('recordRepayment')}
        </Button>
        {writeOff === null && (
          <Button variant="light" onClick={() => setDialog({ kind: 'amendment' })}>
            {l('amend')}
          </Button>
        )}
        {writeOff ? (
          <Button
            variant="outline"
            onClick={() => setDialog({ kind: 'undoWriteOff', loanNumber: schedule.loanNumber })}
          >
            {l('undoWriteOff')}
          </Button>
        ) : (
          <Button
            variant="outline"
            color="red.9"
            onClick={() => setDialog({ kind: 'writeOff', loanNumber: schedule.loanNumber })}
            disabled={status !== 'active'}
          >
            {l('writeOff')}
          </Button>
        )}
      </Group>
      {writeOff && <WriteOffNotice writeOff={writeOff} />}
      <LoanMoves contributionId={contributionId} />
      <Figures schedule={schedule} />
      <Terms schedule={schedule} amendments={amendments.data?.entries} />
      <Disbursements entries={disbursements.data?.entries} onReverse={setDialog} />
      <Repayments entries={repayments.data?.entries} onReverse={setDialog} />
      <LoanGuarantees companyId={companyId} contributionId={contributionId} owners={company?.owners ?? []} />
      <SubjectLetters companyId={companyId} subject={{ financialContributionId: contributionId }} />
      <AgingHistory schedule={schedule} />
      <EntryModal dialog={dialog} target={{ companyId, contributionId }} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function WriteOffNotice({ writeOff }: { writeOff: NonNullable<LoanSummary['writeOff']> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Alert color="gray.9" variant="outline">
      <Text size="sm">
        {t('servicing.loan.writtenOff', {
          date: day(writeOff.date, locale),
          principal: money(writeOff.principal, locale),
          interest: money(writeOff.interest, locale),
          reason: writeOff.reason,
        })}
      </Text>
      {writeOff.authorName && (
        <Text size="sm" c="gray.7">
          {t('servicing.loan.writtenOffBy', { name: writeOff.authorName })}
        </Text>
      )}
    </Alert>
  );
}

/** The first installment still to pay on or after the day: its number, due date and what is left on it. */
export function nextInstallment(schedule: ServicingSchedule) {
  return schedule.rows.find((row) => row.date >= schedule.asOf && row.due > 0) ?? null;
}

/** A figure of the loan: its label is `servicing.figures.<name>.label`. */
type FigureName =
  KeyUnder<'servicing.figures'> extends infer Key ? (Key extends `${infer Name}.label` ? Name : never) : never;

function Figures({ schedule }: { schedule: ServicingSchedule }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const buckets = useBuckets();
  const { figures, status } = schedule;
  const f = (key: KeyUnder<'servicing.figures'>, params?: Record<string, unknown>) =>
    t(`servicing.figures.${key}`, params);
  const m = (value: number) => money(value, locale);
  const next = nextInstallment(schedule);
  const running = status === 'active';
  const items: { key: FigureName; value: string; help: string }[] = [
    { key: 'disbursed', value: m(figures.disbursed), help: f('disbursed.help') },
    ...(figures.undisbursed > 0
      ? [{ key: 'undisbursed' as const, value: m(figures.undisbursed), help: f('undisbursed.help') }]
      : []),
    { key: 'outstandingPrincipal', value: m(figures.outstandingPrincipal), help: f('outstandingPrincipal.help') },
    { key: 'arrearsPrincipal', value: m(figures.arrearsPrincipal), help: f('arrearsPrincipal.help') },
    { key: 'arrearsInterest', value: m(figures.arrearsInterest), help: f('arrearsInterest.help') },
    {
      key: 'daysPastDue',
      value: count(figures.daysPastDue, locale),
      help: figures.overdueSince
        ? f('daysPastDue.help', { date: day(figures.overdueSince, locale) })
        : f('daysPastDue.none'),
    },
    {
      key: 'bucket',
      value: bucketName(figures.bucket, buckets, t) ?? f('none'),
      help: figures.bucket ? f('bucket.help') : f('bucket.none'),
    },
    ...(figures.dueTodayPrincipal + figures.dueTodayInterest > 0
      ? [
          {
            key: 'dueToday' as const,
            value: m(figures.dueTodayPrincipal + figures.dueTodayInterest),
            help: f('dueToday.help'),
          },
        ]
      : []),
    {
      key: 'nextInstallment',
      value: next && running ? day(next.date, locale) : f('none'),
      help:
        next && running
          ? f('nextInstallment.help', { number: next.number, date: day(next.date, locale), amount: m(next.due) })
          : f('nextInstallment.none'),
    },
    { key: 'paidInAdvance', value: m(figures.paidInAdvance), help: f('paidInAdvance.help') },
    ...(running
      ? [{ key: 'payoffAmount' as const, value: m(figures.payoffAmount), help: f('payoffAmount.help') }]
      : []),
    { key: 'received', value: m(figures.received), help: f('received.help') },
    ...(status === 'written_off'
      ? [
          {
            key: 'writtenOff' as const,
            value: m(figures.writtenOffPrincipal + figures.writtenOffInterest),
            help: f('writtenOff.help', {
              principal: m(figures.writtenOffPrincipal),
              interest: m(figures.writtenOffInterest),
            }),
          },
          { key: 'recovered' as const, value: m(figures.recovered), help: f('recovered.help') },
        ]
      : []),
  ];
  return (
    <Section id="loan-figures" title={`${f('title')} — ${day(schedule.asOf, locale)}`}>
      <dl className={classes.figures}>
        {items.map((item) => (
          <div key={item.key} data-testid={`figure-${item.key}`}>
            <dt>{f(`${item.key}.label`)}</dt>
            <dd>
              <span className={classes.figureValue}>{item.value}</span>
              <span className={classes.figureHelp}>{item.help}</span>
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The terms, agreed and amended, then each amendment with its reason. */
function Terms({
  schedule,
  amendments,
}: {
  schedule: ServicingSchedule;
  amendments: TermAmendmentAnswer[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const s = (key: KeyUnder<'servicing.terms'>, params?: Record<string, unknown>) => t(`servicing.terms.${key}`, params);
  return (
    <Section id="loan-terms" title={s('title')}>
      <Stack>
        <TermsTable schedule={schedule} />
        <Title order={3} size="h4">
          {s('amendments')}
        </Title>
        {!amendments || amendments.length === 0 ? (
          <Text c="gray.7">{s('noAmendments')}</Text>
        ) : (
          <ul className={classes.entries}>
            {amendments.map((amendment) => (
              <li key={amendment.id} className={`${classes.entry} ${amendment.reversal ? classes.reversed : ''}`}>
                <Group gap="xs">
                  <Text className={classes.entryAmount}>{amendmentText(amendment, t, locale)}</Text>
                  {amendment.reversal && <ReversedBadge />}
                </Group>
                {amendment.fromInstallment !== null && amendment.fromDueDate && (
                  <Text size="sm">
                    {s('fromInstallment', {
                      number: amendment.fromInstallment,
                      date: day(amendment.fromDueDate, locale),
                    })}
                  </Text>
                )}
                <Text size="sm">{s('reason', { reason: amendment.reason })}</Text>
                {amendment.bulkActionId && (
                  <Text size="sm" c="gray.7">
                    {s('bulk')}
                  </Text>
                )}
                <EntryFooter entry={amendment} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Section>
  );
}

function ReversedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color="gray.8" radius="sm">
      {t('servicing.entries.reversed')}
    </Badge>
  );
}

/** Who recorded an entry and when; who reversed it, when and why. */
function EntryFooter({
  entry,
}: {
  entry: Pick<DisbursementAnswer, 'authorName' | 'insertedAt' | 'reversal'> & {
    excludedBecause?: DisbursementAnswer['excludedBecause'];
  };
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const e = (key: KeyUnder<'servicing.entries'>, params?: Record<string, unknown>) =>
    t(`servicing.entries.${key}`, params);
  const at = (instant: string) => day(instant.slice(0, 10), locale);
  return (
    <>
      <Text size="xs" c="gray.7">
        {entry.authorName
          ? e('recordedBy', { name: entry.authorName, date: at(entry.insertedAt) })
          : e('recordedByNobody', { date: at(entry.insertedAt) })}
      </Text>
      {entry.reversal && (
        <Text size="sm" fw={500}>
          {entry.reversal.reversedByName
            ? e('reversedBy', {
                date: at(entry.reversal.reversedAt),
                name: entry.reversal.reversedByName,
                reason: entry.reversal.reason,
              })
            : e('reversedByNobody', { date: at(entry.reversal.reversedAt), reason: entry.reversal.reason })}
        </Text>
      )}
    </>
  );
}

/** Why an entry does not count as of the page's day, when it is not a reversal (said by its own line). */
function Excluded({ because, asOf }: { because: DisbursementAnswer['excludedBecause']; asOf: string | null }) {
  const { t, i18n } = useTranslation();
  if (because === null || because === 'reversed') return null;
  return (
    <Text size="sm" c="gray.7">
      {t(`servicing.entries.excluded.${because}`, { date: day(asOf, i18n.language) })}
    </Text>
  );
}

/** What every entry of a list has: its amount and day, whether reversed, who recorded it, whether it counts. */
type ListedEntry = Pick<
  DisbursementAnswer,
  'id' | 'amount' | 'reversal' | 'authorName' | 'insertedAt' | 'excludedBecause'
>;

/**
 * A loan's disbursements or repayments: each with its line (struck through once reversed, with its badge), its
 * details, why it does not count, who recorded and reversed it, and the button to reverse it.
 */
function EntryList<E extends ListedEntry>({
  kind,
  entries,
  dateOf,
  details,
  onReverse,
}: {
  kind: 'disbursement' | 'repayment';
  entries: E[] | undefined;
  dateOf(entry: E): string;
  details(entry: E): ReactNode;
  onReverse(dialog: EntryDialog): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [asOf] = useAsOf();
  const e = (key: KeyUnder<'servicing.entries'>, params?: Record<string, unknown>) =>
    t(`servicing.entries.${key}`, params);
  const plural = kind === 'disbursement' ? 'Disbursements' : 'Repayments';
  const title = e(`${kind}s`);
  return (
    <Section id={`loan-${kind}s`} title={title}>
      {!entries || entries.length === 0 ? (
        <Text c="gray.7">{e(`no${plural}`)}</Text>
      ) : (
        <ul className={classes.entries} aria-label={title}>
          {entries.map((entry) => {
            const amount = money(entry.amount, locale);
            const date = day(dateOf(entry), locale);
            return (
              <li key={entry.id} className={`${classes.entry} ${entry.reversal ? classes.reversed : ''}`}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div className={classes.entryText}>
                    <Group gap="xs">
                      <Text className={classes.entryAmount}>{e(`${kind}Line`, { amount, date })}</Text>
                      {entry.reversal && <ReversedBadge />}
                    </Group>
                    {details(entry)}
                    <Excluded because={entry.excludedBecause} asOf={asOf} />
                    <EntryFooter entry={entry} />
                  </div>
                  {!entry.reversal && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      className={classes.entryAction}
                      aria-label={e(kind === 'disbursement' ? 'reverseDisbursementLabel' : 'reverseRepaymentLabel', {
                        amount,
                        date,
                      })}
                      onClick={() => onReverse({ kind: 'reverse', entry: kind, id: entry.id, amount, date })}
                    >
                      {e('reverse')}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function Disbursements({
  entries,
  onReverse,
}: {
  entries: DisbursementAnswer[] | undefined;
  onReverse(dialog: EntryDialog): void;
}) {
  const { t } = useTranslation();
  return (
    <EntryList
      kind="disbursement"
      entries={entries}
      dateOf={(entry) => entry.date}
      onReverse={onReverse}
      details={(entry) => (
        <>
          <Text size="sm">
            {t(`servicing.disbursementMethod.${entry.method}`)}
            {entry.reference ? ` · ${t('servicing.entries.reference')} ${entry.reference}` : ''}
          </Text>
          {entry.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.note}
            </Text>
          )}
        </>
      )}
    />
  );
}

/** Where a repayment went, in words: installments, prepaid principal, held in advance, recovered, overpaid. */
function allocationText(allocation: NonNullable<RepaymentAnswer['allocation']>, t: TFunction, locale: Locale) {
  const p = (key: KeyUnder<'servicing.entries.allocationParts'>, params: Record<string, unknown>) =>
    t(`servicing.entries.allocationParts.${key}`, params);
  const parts: string[] = [];
  if (allocation.installments.length > 0) {
    const sum = (pick: (i: { interest: number; principal: number }) => number) =>
      allocation.installments.reduce((total, i) => total + pick(i), 0);
    parts.push(
      p(allocation.installments.length === 1 ? 'installment' : 'installments', {
        numbers: allocation.installments.map((i) => i.number).join(', '),
        interest: money(
          sum((i) => i.interest),
          locale,
        ),
        principal: money(
          sum((i) => i.principal),
          locale,
        ),
      }),
    );
  }
  for (const key of ['prepaidPrincipal', 'inAdvance', 'recovered', 'overpaid'] as const) {
    if (allocation[key] > 0) parts.push(p(key, { amount: money(allocation[key], locale) }));
  }
  return parts.join(' · ');
}

function Repayments({
  entries,
  onReverse,
}: {
  entries: RepaymentAnswer[] | undefined;
  onReverse(dialog: EntryDialog): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const e = (key: KeyUnder<'servicing.entries'>, params?: Record<string, unknown>) =>
    t(`servicing.entries.${key}`, params);
  return (
    <EntryList
      kind="repayment"
      entries={entries}
      dateOf={(entry) => entry.receivedOn}
      onReverse={onReverse}
      details={(entry) => (
        <>
          <Text size="sm">
            {[
              t(`servicing.repaymentKind.${entry.kind}`),
              t(`servicing.repaymentMethod.${entry.method}`),
              entry.reference ? `${e('reference')} ${entry.reference}` : null,
              entry.importId ? e('imported') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {entry.appliedAs && entry.appliedAs !== entry.kind && (
            <Text size="sm">{e('appliedAs', { kind: t(`servicing.repaymentKind.${entry.appliedAs}`) })}</Text>
          )}
          {entry.allocation && !entry.reversal && (
            <Text size="sm">{e('allocation', { parts: allocationText(entry.allocation, t, locale) })}</Text>
          )}
        </>
      )}
    />
  );
}

function AgingHistory({ schedule }: { schedule: ServicingSchedule }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const buckets = useBuckets();
  const h = (key: KeyUnder<'servicing.agingHistory'>) => t(`servicing.agingHistory.${key}`);
  // Newest first: the change that matters is usually the last one.
  const changes = [...schedule.bucketHistory].reverse();
  return (
    <Section id="loan-aging" title={h('title')}>
      {changes.length === 0 ? (
        <Text c="gray.7">{h('empty')}</Text>
      ) : (
        <Table className={classes.numbers} striped withTableBorder>
          <Table.Caption c="gray.8">{h('caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{h('date')}</Table.Th>
              <Table.Th scope="col">{h('bucket')}</Table.Th>
              <Table.Th scope="col" data-numeric>
                {h('daysPastDue')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.date}>
                <Table.Td>{day(change.date, locale)}</Table.Td>
                <Table.Td>{bucketName(change.bucket, buckets, t) ?? h('outOfAging')}</Table.Td>
                <Table.Td data-numeric>{count(change.daysPastDue, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
