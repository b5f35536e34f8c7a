import { lazy, Suspense, useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Locale } from '../../shared/constants';
import { formatMoney, numberFormat } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import { FUND_ACTIVITY_FIGURES, type FundActivity } from '../../shared/tasks/report';
import { api, downloadFile } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { useTranslation, type KeyUnder } from '../i18n';
import { useLookup } from '../api/lookups';
import type { Lookup } from '../../shared/companies';
import printable from '../components/printable.module.css';
import { loadChunk } from '../components/stale-build';
import { failureText } from '../components/query-state';
import { OutsidePipelineSection } from '../components/outside-pipeline-figures';

const BarFigure = lazy(() => loadChunk(() => import('../components/charts')));

type Figure = (typeof FUND_ACTIVITY_FIGURES)[number][0];
type Kind = (typeof FUND_ACTIVITY_FIGURES)[number][1];

/** A figure as the table, the print view and the charts' axes write it. */
function formatFigure(figure: number, kind: Kind, locale: Locale): string {
  if (kind === 'money') return formatMoney(figure, locale);
  if (kind === 'ratio') return numberFormat(locale, { maximumFractionDigits: 2 }).format(figure);
  return numberFormat(locale).format(figure);
}

function value(report: FundActivity, key: Figure, kind: Kind, locale: Locale, na: string) {
  const figure = report[key] as number | null;
  return figure === null ? na : formatFigure(figure, kind, locale);
}

/**
 * The figures drawn, in the table's order: the requests counted, then the money of the period — asked by the
 * requests, decided by the committee, then the loans'. Counts and dollars do not share an axis.
 */
const CHARTS: readonly { title: 'requestsChart' | 'chart'; keys: readonly Figure[]; kind: Kind }[] = [
  {
    title: 'requestsChart',
    keys: [
      'requestsReceived',
      'requestsDecided',
      'requestsApproved',
      'requestsApprovedWithConditions',
      'requestsDeclined',
      'requestsDeferred',
    ],
    kind: 'count',
  },
  {
    title: 'chart',
    keys: [
      'requestsReceivedAmount',
      'requestsApprovedAmount',
      'requestsApprovedWithConditionsAmount',
      'requestsDeclinedAmount',
      'requestsDeferredAmount',
      'authorizedAmount',
      'disbursedAmount',
      'repaidAmount',
      'writtenOffAmount',
      'outstandingAtEnd',
    ],
    kind: 'money',
  },
];

/**
 * The report's filters from the address (`?fund_id=…&from=…&to=…`): what was asked, what the form starts with
 * (the last twelve months to today when no period was asked), and whether the report can be read yet.
 */
export function reportFilters(params: URLSearchParams, today: string) {
  const asked = { fundId: params.get('fund_id') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const draft = { fundId: asked.fundId, from: asked.from || addMonths(today, -12), to: asked.to || today };
  return { asked, draft, ready: Boolean(asked.fundId && asked.from && asked.to) };
}

/** /reports/fund_activity (docs/decisions/0041): a fund's figures over a period, on screen, printed or as CSV. */
export default function ReportPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const funds = useLookup<Lookup>('/contribution_funds');
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const { asked, draft: initialDraft, ready } = reportFilters(params, today);
  const [draft, setDraft] = useState(initialDraft);
  const report = useQuery({
    queryKey: queryKeys.portfolioFigures('fundActivity', asked, locale),
    queryFn: async () =>
      (
        await api<FundActivity>('GET', '/reports/fund_activity', {
          query: { fund_id: asked.fundId, from: asked.from, to: asked.to },
        })
      ).data,
    enabled: ready,
    retry: false,
  });
  const r = (key: KeyUnder<'tasks.report'>) => t(`tasks.report.${key}`);
  const fundOptions = [
    { value: '', label: '—' },
    ...(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name })),
  ];
  return (
    <Stack maw={900}>
      <Title order={1}>{r('title')}</Title>
      <Text className={printable.noPrint}>{r('intro')}</Text>
      <Paper
        withBorder
        p="md"
        component="form"
        className={printable.noPrint}
        aria-label={r('title')}
        onSubmit={(event) => {
          event.preventDefault();
          setParams({ fund_id: draft.fundId, from: draft.from, to: draft.to });
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={r('fund')}
            data={fundOptions}
            value={draft.fundId}
            onChange={(event) => setDraft({ ...draft, fundId: event.currentTarget.value })}
            style={{ flex: '2 1 220px' }}
          />
          {(['from', 'to'] as const).map((bound) => (
            <TextInput
              key={bound}
              label={r(bound)}
              type="date"
              value={draft[bound]}
              onChange={(event) => setDraft({ ...draft, [bound]: event.currentTarget.value })}
              style={{ flex: '1 1 150px' }}
            />
          ))}
          <Button type="submit">{r('show')}</Button>
        </Group>
      </Paper>
      {ready && report.isPending && <PageLoader />}
      {report.isError && (
        <Text role="alert" c="red.9">
          {failureText(report.error, t('errors.generic'))}
        </Text>
      )}
      {report.data && (
        <Paper withBorder p="md" component="section" aria-label={report.data.fundName}>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <div>
              <Title order={2} size="h3">
                {report.data.fundName}
              </Title>
              <Text size="sm" c="gray.7">
                {`${report.data.from} – ${report.data.to}`}
              </Text>
            </div>
            <Group className={printable.noPrint}>
              <Button
                variant="light"
                onClick={() =>
                  void downloadFile('/reports/fund_activity.csv', {
                    fund_id: asked.fundId,
                    from: asked.from,
                    to: asked.to,
                  }).catch((error: unknown) => reportError(error))
                }
              >
                {r('csv')}
              </Button>
              <Button variant="default" onClick={() => window.print()}>
                {r('print')}
              </Button>
            </Group>
          </Group>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{r('columns.figure')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {r('columns.value')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FUND_ACTIVITY_FIGURES.map(([key, kind]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={400}>
                    {r(`figures.${key}`)}
                  </Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {value(report.data, key, kind, locale, r('notAvailable'))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <OutsidePipelineSection figures={report.data.outsidePipeline} />
          <Text size="sm" c="gray.7" mt="md">
            {r('chartHint')}
          </Text>
          {CHARTS.map(({ title, keys, kind }) => (
            <section key={title} aria-labelledby={`report-chart-${title}`}>
              <Title order={3} size="h4" mt="md" mb="xs" id={`report-chart-${title}`}>
                {r(title)}
              </Title>
              <Suspense fallback={<PageLoader />}>
                <BarFigure
                  // Only leverage may be null, and it is in no chart.
                  data={keys.map((key) => ({ figure: r(`figures.${key}`), value: report.data[key] ?? 0 }))}
                  dataKey="figure"
                  orientation="vertical"
                  series={[{ name: 'value', label: r(title), color: 'blue.7' }]}
                  format={(figure) => formatFigure(figure, kind, locale)}
                />
              </Suspense>
            </section>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
