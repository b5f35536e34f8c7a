import { lazy, Suspense, useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import type { Locale } from '../../shared/constants';
import { RISK_RATINGS, riskRatingKey } from '../../shared/companies';
import { formatAmount, formatDay, MISSING } from '../../shared/portfolio/ratios';
import type { DashboardEndingSoon, DashboardFollowup } from '../../shared/portfolio/dashboard';
import { downloadFile } from '../api/client';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { useTranslation } from '../i18n';
import { ScrollTable } from '../components/scroll-table';
import { DayInput } from '../components/day-input';
import { useSession } from '../session/session';
import { asOfInputSchema } from '../../shared/schemas/portfolio-figures';
import { useDashboard, useFunds } from './api';
import { AgingSection, CollectionsSection, FundsSection, RiskSection } from './figure-sections';
import { Section } from './section';
import classes from './dashboard.module.css';
import { formatCompactMoney, numberFormat } from '../../shared/intl';
import { loadChunk } from '../components/stale-build';
import { TableHead } from '../components/table-head';
import { ArchivedCompanyBadge } from '../components/archived-company-badge';

const BarFigure = lazy(() => loadChunk(() => import('../components/charts')));
/** Figures in dollars: a whole row each on a phone (dashboard.module.css). */
const MONEY_FIGURES: ReadonlySet<string> = new Set(['committedTotal', 'outstandingTotal', 'arrearsTotal']);

const count = (value: number, locale: Locale) => numberFormat(locale).format(value);

/**
 * A list of loans on the dashboard, the first of them only: on a phone a card per loan (the overdue follow-ups
 * are the point), and how many there are in all when the list was cut.
 */
function LoanListSection<Row extends { contributionId: string }>({
  title,
  hint,
  empty,
  rows,
  total,
  columns,
}: {
  title: string;
  hint?: string;
  empty: string;
  rows: Row[];
  total: number | undefined;
  columns: Array<Column<Row>>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={title} hint={hint}>
      {rows.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <TableOrCards rows={rows} rowKey={(row) => row.contributionId} label={title} columns={columns} />
      )}
      {total !== undefined && total > rows.length && (
        <Text size="sm" c="gray.7" mt="xs">
          {t('portfolio.dashboard.more', { shown: rows.length, total: count(total, i18n.language) })}
        </Text>
      )}
    </Section>
  );
}

/** /dashboard (ADR 0020): the portfolio at a glance, for every signed-in user. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [params, setParams] = useSearchParams();
  const fundId = params.get('fund');
  const mine = params.get('mine') === 'true';
  const asOf = params.get('as_of');
  const session = useSession();
  const funds = useFunds();
  const query = useDashboard({ fundId, mine });
  const [exporting, setExporting] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const exportPortfolio = async () => {
    setExporting(true);
    try {
      await downloadFile('/portfolio/export.csv', { 'filter[fund_id]': fundId });
    } catch {
      toast('error', t('errors.generic'));
    } finally {
      setExporting(false);
    }
  };

  const dashboard = query.data?.dashboard;
  const meta = query.data?.meta;
  const money = (value: number) => formatAmount(value, locale);
  // The whole scale in its order, a rating no company has at 0, so every chart of it reads the same (ADR 0032).
  const byRisk = [...RISK_RATINGS, null].map((rating) => ({
    key: rating ?? 'none',
    name: t(riskRatingKey(rating)),
    count: dashboard?.byRisk.find((r) => r.riskRating === rating)?.companiesCount ?? 0,
  }));
  const loanLink = (row: DashboardFollowup | DashboardEndingSoon) => (
    <>
      <Anchor
        component={Link}
        to={`/companies/${row.companyId}#contribution-${row.contributionId}`}
        aria-label={t('portfolio.dashboard.followups.open', { company: row.companyName })}
      >
        {row.companyName}
      </Anchor>
      {row.companyArchived && <ArchivedCompanyBadge ml="xs" />}
    </>
  );
  const loanColumns: Array<Column<DashboardFollowup | DashboardEndingSoon>> = [
    {
      key: 'project',
      header: t('portfolio.dashboard.columns.project'),
      cell: (row) => row.projectName ?? MISSING,
    },
    { key: 'fund', header: t('portfolio.dashboard.columns.fund'), cell: (row) => row.fundName },
  ];
  const followupState = (row: DashboardFollowup) =>
    row.overdue ? (
      <Badge color="red.9" variant="filled" leftSection="⚠">
        {t('portfolio.dashboard.followups.overdue')}
      </Badge>
    ) : (
      <Badge color="blue.9" variant="filled">
        {t('portfolio.dashboard.followups.due')}
      </Badge>
    );

  return (
    <Stack>
      <Title order={1}>{t('portfolio.dashboard.title')}</Title>
      <Group align="end" wrap="wrap">
        <Select
          label={t('portfolio.dashboard.fund')}
          data={[
            { value: '', label: t('portfolio.dashboard.allFunds') },
            ...(funds.data ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
          value={fundId ?? ''}
          onChange={(value) => setParam('fund', value || null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
        />
        <Switch
          label={t('portfolio.dashboard.mine')}
          checked={mine}
          onChange={(event) => setParam('mine', event.currentTarget.checked ? 'true' : null)}
          mb={8}
        />
        <AsOfForm asOf={asOf} onChange={(day) => setParam('as_of', day)} />
        <Button variant="light" onClick={() => void exportPortfolio()} loading={exporting} ml={{ sm: 'auto' }}>
          {t('portfolio.dashboard.exportPortfolio')}
        </Button>
      </Group>

      {query.isPending ? (
        <PageLoader />
      ) : !dashboard ? (
        <Text role="alert" c="red.9">
          {t('portfolio.dashboard.loadFailed')}
        </Text>
      ) : (
        <Stack aria-busy={query.isFetching}>
          <SimpleGrid
            cols={{ base: 2, md: 5 }}
            component="dl"
            aria-label={t('portfolio.dashboard.figures.label')}
            m={0}
          >
            {(
              [
                ['activeCompanies', count(dashboard.activeCompanies, locale)],
                ['loansCount', count(dashboard.loansCount, locale)],
                ['committedTotal', money(dashboard.committedTotal)],
                ['outstandingTotal', money(dashboard.outstandingTotal)],
                ['arrearsTotal', money(dashboard.arrearsTotal)],
              ] as const
            ).map(([key, value]) => (
              <Paper key={key} withBorder p="md" className={MONEY_FIGURES.has(key) ? classes.wideOnPhone : undefined}>
                <Text component="dt" size="sm" c="gray.7">
                  {t(`portfolio.dashboard.figures.${key}`)}
                </Text>
                <Text component="dd" m={0} fw={700} size="xl" data-testid={`figure-${key}`}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <RiskSection filters={{ fundId, mine, asOf }} />
          <AgingSection filters={{ fundId, mine, asOf }} />
          <FundsSection asOf={asOf} isAdmin={session.isAdmin} />
          <CollectionsSection fundId={fundId} mine={mine} />

          <LoanListSection
            title={t('portfolio.dashboard.followups.title')}
            hint={t('portfolio.dashboard.followups.hint')}
            empty={t('portfolio.dashboard.followups.empty')}
            rows={dashboard.followups}
            total={meta?.followupsTotal}
            columns={[
              { key: 'company', header: t('portfolio.dashboard.columns.company'), cell: loanLink, head: true },
              { key: 'state', header: t('portfolio.dashboard.columns.state'), cell: followupState, head: true },
              ...loanColumns,
              {
                key: 'date',
                header: t('portfolio.dashboard.columns.followupDate'),
                cell: (row) => formatDay(row.followupDate, locale),
              },
            ]}
          />

          <LoanListSection
            title={t('portfolio.dashboard.endingSoon.title')}
            empty={t('portfolio.dashboard.endingSoon.empty')}
            rows={dashboard.endingSoon}
            total={meta?.endingSoonTotal}
            columns={[
              { key: 'company', header: t('portfolio.dashboard.columns.company'), cell: loanLink, head: true },
              ...loanColumns,
              {
                key: 'date',
                header: t('portfolio.dashboard.columns.expectedEndDate'),
                cell: (row) => formatDay(row.expectedEndDate, locale),
              },
            ]}
          />

          <Section title={t('portfolio.dashboard.byFund.title')} hint={t('portfolio.dashboard.chartHint')}>
            {dashboard.byFund.length === 0 ? (
              <Text c="gray.7">{t('portfolio.dashboard.noData')}</Text>
            ) : (
              // A row of its own: its figures run to millions, which a third of the page cut.
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
                <Suspense fallback={<Box h={260} />}>
                  <BarFigure
                    data={dashboard.byFund.map((f) => ({
                      fund: f.fundName,
                      committed: f.committed,
                      outstanding: f.outstanding,
                    }))}
                    dataKey="fund"
                    orientation="vertical"
                    series={[
                      { name: 'committed', label: t('portfolio.dashboard.byFund.committed'), color: 'blue.7' },
                      { name: 'outstanding', label: t('portfolio.dashboard.byFund.outstanding'), color: 'teal.7' },
                    ]}
                    format={(value) => formatCompactMoney(value, locale)}
                  />
                </Suspense>
                <TableOrCards
                  rows={dashboard.byFund}
                  rowKey={(f) => f.fundId}
                  label={t('portfolio.dashboard.byFund.title')}
                  striped={false}
                  columns={[
                    {
                      key: 'fund',
                      header: t('portfolio.dashboard.columns.fund'),
                      cell: (f) => f.fundName,
                      rowHeader: true,
                      head: true,
                    },
                    {
                      key: 'loans',
                      header: t('portfolio.dashboard.byFund.loans'),
                      cell: (f) => count(f.loansCount, locale),
                      numeric: true,
                    },
                    {
                      key: 'committed',
                      header: t('portfolio.dashboard.byFund.committed'),
                      cell: (f) => money(f.committed),
                      numeric: true,
                    },
                    {
                      key: 'outstanding',
                      header: t('portfolio.dashboard.byFund.outstanding'),
                      cell: (f) => money(f.outstanding),
                      numeric: true,
                    },
                  ]}
                />
              </SimpleGrid>
            )}
          </Section>

          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title={t('portfolio.dashboard.byStatus.title')} hint={t('portfolio.dashboard.chartHint')}>
              {dashboard.byStatus.length === 0 ? (
                <Text c="gray.7">{t('portfolio.dashboard.noData')}</Text>
              ) : (
                <>
                  <Suspense fallback={<Box h={260} />}>
                    <BarFigure
                      data={dashboard.byStatus.map((s) => ({
                        status: s.statusName,
                        companies: s.companiesCount,
                        color: s.color,
                      }))}
                      dataKey="status"
                      orientation="vertical"
                      series={[
                        { name: 'companies', label: t('portfolio.dashboard.byStatus.companies'), color: 'gray.6' },
                      ]}
                      format={(value) => count(value, locale)}
                    />
                  </Suspense>
                  <CountTable
                    heading={t('portfolio.dashboard.byStatus.status')}
                    countHeading={t('portfolio.dashboard.byStatus.companies')}
                    rows={dashboard.byStatus.map((s) => ({
                      key: s.statusId,
                      name: s.statusName,
                      count: s.companiesCount,
                    }))}
                    locale={locale}
                  />
                </>
              )}
            </Section>

            <Section title={t('portfolio.dashboard.byRisk.title')} hint={t('portfolio.dashboard.chartHint')}>
              {dashboard.byRisk.length === 0 ? (
                <Text c="gray.7">{t('portfolio.dashboard.noData')}</Text>
              ) : (
                <>
                  <Suspense fallback={<Box h={260} />}>
                    <BarFigure
                      data={byRisk.map((r) => ({ rating: r.name, companies: r.count }))}
                      dataKey="rating"
                      orientation="vertical"
                      series={[
                        { name: 'companies', label: t('portfolio.dashboard.byStatus.companies'), color: 'grape.7' },
                      ]}
                      format={(value) => count(value, locale)}
                    />
                  </Suspense>
                  <CountTable
                    heading={t('portfolio.dashboard.byRisk.rating')}
                    countHeading={t('portfolio.dashboard.byStatus.companies')}
                    rows={byRisk}
                    locale={locale}
                  />
                </>
              )}
            </Section>
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function CountTable(props: {
  heading: string;
  countHeading: string;
  rows: { key: string; name: string; count: number }[];
  locale: Locale;
}) {
  return (
    <ScrollTable>
      <Table>
        <TableHead cells={[props.heading, props.countHeading]} endFrom={1} />
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={400}>
                {row.name}
              </Table.Th>
              <Table.Td ta="end">{count(row.count, props.locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The day the portfolio's figures are for: today unless another is chosen (the key figures above stay today's). */
function AsOfForm({ asOf, onChange }: { asOf: string | null; onChange(day: string | null): void }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'all',
    resolver: zodResolver(asOfInputSchema),
    values: { asOf: asOf ?? '' },
  });
  const show = form.handleSubmit((values) => onChange(values.asOf));
  return (
    <form onSubmit={(event) => void show(event)} noValidate>
      <Group align="flex-start" gap="xs">
        <DayInput form={form} name="asOf" label={t('servicing.portfolio.asOf')} />
        <Button type="submit" variant="default" mt={25}>
          {t('servicing.portfolio.collections.apply')}
        </Button>
      </Group>
    </form>
  );
}
