import { lazy, Suspense, useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Locale } from '../../shared/constants';
import { formatMoney, numberFormat } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import { FUND_ACTIVITY_FIGURES, type FundActivity } from '../../shared/tasks/report';
import { ApiError, api, downloadFile } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { useTranslation } from '../i18n';
import { useLookup } from '../api/lookups';
import type { Lookup } from '../../shared/companies';
import classes from './report.module.css';

const BarFigure = lazy(() => import('../components/charts'));

function value(
  report: FundActivity,
  key: (typeof FUND_ACTIVITY_FIGURES)[number][0],
  kind: string,
  locale: Locale,
  na: string,
) {
  const figure = report[key] as number | null;
  if (figure === null) return na;
  if (kind === 'money') return formatMoney(figure, locale);
  if (kind === 'ratio') return numberFormat(locale, { maximumFractionDigits: 2 }).format(figure);
  return numberFormat(locale).format(figure);
}

/** /reports/fund_activity (docs/decisions/0041): a fund's figures over a period, on screen, printed or as CSV. */
export default function ReportPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const funds = useLookup<Lookup>('/contribution_funds');
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const asked = { fundId: params.get('fund_id') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const [draft, setDraft] = useState({
    fundId: asked.fundId,
    from: asked.from || addMonths(today, -12),
    to: asked.to || today,
  });
  const ready = Boolean(asked.fundId && asked.from && asked.to);
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
  const r = (key: string) => t(`tasks.report.${key}`);
  const fundOptions = [
    { value: '', label: '—' },
    ...(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name })),
  ];
  return (
    <Stack maw={900}>
      <Title order={1}>{r('title')}</Title>
      <Text className={classes.noPrint}>{r('intro')}</Text>
      <Paper
        withBorder
        p="md"
        component="form"
        className={classes.noPrint}
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
          <TextInput
            label={r('from')}
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            style={{ flex: '1 1 150px' }}
          />
          <TextInput
            label={r('to')}
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            style={{ flex: '1 1 150px' }}
          />
          <Button type="submit">{r('show')}</Button>
        </Group>
      </Paper>
      {ready && report.isPending && <PageLoader />}
      {report.isError && (
        <Text role="alert" c="red.9">
          {report.error instanceof ApiError && report.error.body.message
            ? report.error.body.message
            : t('errors.generic')}
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
            <Group className={classes.noPrint}>
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
          <Title order={3} size="h4" mt="md">
            {r('chart')}
          </Title>
          <Suspense fallback={<PageLoader />}>
            <BarFigure
              data={(
                ['authorizedAmount', 'disbursedAmount', 'repaidAmount', 'writtenOffAmount', 'outstandingAtEnd'] as const
              ).map((key) => ({ figure: r(`figures.${key}`), amount: report.data[key] }))}
              dataKey="figure"
              orientation="vertical"
              series={[{ name: 'amount', label: r('chart'), color: 'blue.7' }]}
              format={(amount) => formatMoney(amount, locale)}
            />
          </Suspense>
        </Paper>
      )}
    </Stack>
  );
}
