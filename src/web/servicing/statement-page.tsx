import { Suspense, useState } from 'react';
import { GuaranteesPrint } from '../components/guarantees-print';
import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LOCALES, type Locale } from '../../shared/constants';
import type { StatementAnswer } from '../../shared/schemas/servicing-answers';
import { ApiError, downloadFile } from '../api/client';
import { failureText } from '../components/query-state';
import { toast } from '../components/toasts';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { isLocale, useTranslation, useTranslationIn, type KeyUnder } from '../i18n';
import { loanPath, useStatement } from './api';
import { AsOfField, useAsOf } from './as-of';
import { day, money, percent } from './format';
import printable from '../components/printable.module.css';
import classes from './servicing.module.css';
import { TermList } from '../components/term-list';

type Line = StatementAnswer['lines'][number];

/**
 * /companies/{id}/contributions/{contributionId}/statement: the statement of account (relevé de compte) as the
 * borrower receives it — on letter paper (print.css), in the borrower's language, chosen here and the
 * interface's to start with. Everything the statement says is in that language: the server's lines and
 * labels (`?locale=`) and this page's headings; the controls around it stay in the user's.
 */
export default function StatementPage() {
  const { id: companyId = '', contributionId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const [asOf] = useAsOf();
  const [language, setLanguage] = useState<Locale>(i18n.language);
  const statement = useStatement(companyId, contributionId, asOf, language);
  const v = (key: KeyUnder<'servicing.statementView'>) => t(`servicing.statementView.${key}`);
  if (statement.error instanceof ApiError && statement.error.status === 404) return <NotFoundPage />;
  const loanLink = `/companies/${companyId}/contributions/${contributionId}${asOf ? `?as_of=${asOf}` : ''}`;
  /** The same statement as a file, in the statement's language: its columns and totals as shown. */
  const downloadCsv = async () => {
    try {
      await downloadFile(`${loanPath(companyId, contributionId)}/statement.csv`, { as_of: asOf }, language);
    } catch (error) {
      toast('error', failureText(error, t('errors.generic')));
    }
  };
  return (
    <Stack className={classes.page}>
      <Stack className={printable.noPrint} gap="sm">
        <Group justify="space-between">
          <Anchor component={Link} to={loanLink}>
            {t('servicing.titles.loan')}
          </Anchor>
          <Group gap="sm">
            <Button variant="light" onClick={() => void downloadCsv()} disabled={!statement.data}>
              {v('csv')}
            </Button>
            <Button onClick={() => window.print()} disabled={!statement.data}>
              {v('print')}
            </Button>
          </Group>
        </Group>
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500} id="statement-language">
            {v('language')}
          </Text>
          <SegmentedControl
            aria-labelledby="statement-language"
            value={language}
            onChange={(value) => {
              if (isLocale(value)) setLanguage(value);
            }}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
          />
          <Text size="xs" c="gray.7">
            {v('languageHint')}
          </Text>
        </Stack>
        <AsOfField />
      </Stack>
      {statement.data ? (
        <Suspense fallback={<PageLoader />}>
          <Statement statement={statement.data} />
        </Suspense>
      ) : statement.isPending ? (
        <PageLoader />
      ) : (
        <Alert color="red.9" variant="outline" role="alert">
          {v('loadFailed')}
        </Alert>
      )}
    </Stack>
  );
}

/** The statement itself, every word in its own language. */
function Statement({ statement }: { statement: StatementAnswer }) {
  const locale = statement.locale;
  const tt = useTranslationIn(locale, ['servicing']);
  const v = (key: KeyUnder<'servicing.statementView'>, params?: Record<string, unknown>) =>
    tt(`servicing.statementView.${key}`, params);
  const m = (value: number) => money(value, locale);
  const { company, loan } = statement;
  const { contributionId = '' } = useParams();
  const address = company.address
    ? [company.address.address, `${company.address.municipality} ${company.address.zipCode}`]
    : [];
  const facts: [string, string][] = [
    [v('loanNumber'), statement.loanNumber],
    [v('fund'), loan.fundName],
    ...(loan.projectName ? ([[v('project'), loan.projectName]] as [string, string][]) : []),
    [v('status'), loan.statusLabel],
    [v('amount'), m(loan.amount)],
    [v('rate'), percent(loan.rate, locale)],
    [
      v('term'),
      loan.moratorium > 0
        ? v('termValue', { amortization: loan.amortization, moratorium: loan.moratorium })
        : v('termValueNoMoratorium', { amortization: loan.amortization }),
    ],
    [v('authorizationDate'), day(loan.authorizationDate, locale)],
    ...(loan.startDate ? ([[v('startDate'), day(loan.startDate, locale)]] as [string, string][]) : []),
    ...(loan.levelPayment !== null ? ([[v('levelPayment'), m(loan.levelPayment)]] as [string, string][]) : []),
  ];
  const counted = (line: Line, text: string) => (line.counts ? text : <del>{text}</del>);
  const hasRecoveries = statement.lines.some((line) => line.kind === 'recovery');
  const columns: Column<Line>[] = [
    { key: 'date', header: v('columns.date'), cell: (line) => day(line.date, locale), head: true },
    {
      key: 'description',
      header: v('columns.description'),
      head: true,
      cell: (line) => (
        <>
          {counted(line, line.label)}
          {!line.counts && (
            <Text component="span" size="xs" fw={600} ml={6}>
              ({line.reversed ? v('reversed') : v('excluded')})
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'reference',
      header: v('columns.reference'),
      cell: (line) => [line.method, line.reference].filter(Boolean).join(' · '),
    },
    {
      key: 'debit',
      header: v('columns.debit'),
      numeric: true,
      cell: (line) => (line.debit > 0 ? counted(line, m(line.debit)) : ''),
      total: m(statement.totals.debits),
    },
    {
      key: 'credit',
      header: v('columns.credit'),
      numeric: true,
      cell: (line) => (line.credit > 0 ? counted(line, m(line.credit)) : ''),
      total: m(statement.totals.credits),
    },
    // A written-off loan's recoveries: their own column and total, since they do not move the balance.
    ...(hasRecoveries
      ? [
          {
            key: 'recovery',
            header: v('columns.recovery'),
            numeric: true,
            cell: (line: Line) => (line.recovery > 0 ? counted(line, m(line.recovery)) : ''),
            total: m(statement.totals.recoveries),
          },
        ]
      : []),
    {
      key: 'balance',
      header: v('columns.balance'),
      numeric: true,
      cell: (line) => m(line.balance),
      total: m(statement.totals.balance),
    },
  ];
  return (
    <article lang={locale} aria-labelledby="statement-title">
      <Stack>
        <div>
          <Title order={1} id="statement-title">
            {statement.title}
          </Title>
          <Text c="gray.7">{v('printedOn', { date: day(statement.asOf, locale) })}</Text>
        </div>
        <Group align="flex-start" justify="space-between" gap="xl">
          <section aria-labelledby="statement-borrower">
            <Title order={2} size="h4" id="statement-borrower">
              {v('borrower')}
            </Title>
            <Text fw={600}>{company.name}</Text>
            {address.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <Text size="sm" c="gray.7">
              {v('reference')} {company.referenceNumber}
            </Text>
          </section>
          <section aria-labelledby="statement-loan" style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h4" id="statement-loan">
              {v('loan')}
            </Title>
            <TermList items={facts} className={classes.figures} />
          </section>
        </Group>
        {loan.amendments.length > 0 && (
          <section aria-labelledby="statement-amendments">
            <Title order={2} size="h4" id="statement-amendments">
              {v('amendments')}
            </Title>
            <ul>
              {loan.amendments.map((amendment) => (
                <li key={`${amendment.effectiveDate}-${amendment.label}`}>
                  {amendment.label} — {amendment.reason}
                </li>
              ))}
            </ul>
          </section>
        )}
        <GuaranteesPrint
          companyId={statement.company.id}
          contributionId={contributionId}
          locale={locale}
          headingId="statement-guarantees"
        />
        {statement.lines.length === 0 ? (
          <Text c="gray.7">{v('empty')}</Text>
        ) : (
          <TableOrCards
            rows={statement.lines}
            columns={columns}
            rowKey={(line) => `${line.date}-${line.kind}-${line.entryId ?? line.installmentNumber ?? ''}`}
            label={v('lines')}
            caption
            totalsLabel={v('totals')}
            border
          />
        )}
        <div data-testid="statement-balance">
          <Text fw={700} size="lg">
            {v('balanceOn', { date: day(statement.asOf, locale), amount: m(statement.totals.balance) })}
          </Text>
          <Text size="sm" c="gray.7">
            {v('balanceHelp')}
          </Text>
          {hasRecoveries && (
            <Text size="sm" c="gray.7">
              {v('recoveryNote')}
            </Text>
          )}
          {paidOutInTranches(statement.lines) && (
            <Text size="sm" c="gray.7" data-testid="statement-tranche-note">
              {v('trancheNote')}
            </Text>
          )}
          {statement.lines.some((line) => line.reversed) && (
            <Text size="sm" c="gray.7">
              {v('reversedNote')}
            </Text>
          )}
        </div>
      </Stack>
    </article>
  );
}

/**
 * Whether the loan was paid out in more than one tranche (reversed disbursements do not count): the statement then
 * says that a tranche bears interest from the next installment on (docs/decisions/0069).
 */
export function paidOutInTranches(lines: readonly { kind: string; reversed: boolean }[]): boolean {
  return lines.filter((line) => line.kind === 'disbursement' && !line.reversed).length > 1;
}
