import { lazy, Suspense } from 'react';
import { Box, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { FinancialStatement } from '../../shared/companies';
import {
  analyseStatements,
  formatAmount,
  formatRatio,
  RATIO_KEYS,
  type RatioValue,
} from '../../shared/portfolio/ratios';
import { RATIO_THRESHOLDS, type RatioKey } from '../../shared/portfolio/thresholds';
import { useTranslation, type KeyUnder } from '../i18n';
import { Cards, WideOnly } from '../components/table-or-cards';
import printable from '../components/printable.module.css';
import classes from './print.module.css';
import { formatCompactMoney } from '../../shared/intl';
import { loadChunk } from '../components/stale-build';

const BarFigure = lazy(() => loadChunk(() => import('../components/charts')));

/** A warning sign, drawn inline; the text beside it says what it means. */
function WarningIcon() {
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
      <path d="M12 2 1 21h22L12 2zm0 6 1 7h-2l1-7zm-1 9h2v2h-2v-2z" />
    </svg>
  );
}

/**
 * Statement analysis (ADR 0020, 0021): the ratios of each year, flagged by text and icon past their
 * threshold, with the sales and net profit over the years. `withChart` is off in the printed file, which
 * shows the latest three years.
 */
export function AnalysisSection({
  statements,
  withChart = true,
  latestYears,
}: {
  statements: readonly FinancialStatement[];
  withChart?: boolean;
  /**
   * Shows only the latest years. Every statement is analysed first, so the first year shown still
   * compares its sales with the year before it.
   */
  latestYears?: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const analysed = analyseStatements(statements);
  const years = latestYears === undefined ? analysed : analysed.slice(-latestYears);
  const a = (key: KeyUnder<'portfolio.analysis'>, params?: Record<string, unknown>) =>
    t(`portfolio.analysis.${key}`, params);
  const thresholds = RATIO_KEYS.filter((key) => key !== 'workingCapital')
    .map((key) => `${a(`ratios.${key}`)} ${formatRatio(key, RATIO_THRESHOLDS[key], locale)}`)
    .join(' · ');

  const ratioCell = (ratio: RatioValue, key: RatioKey) => (
    <Box component="span" display="block" c={ratio.warning ? 'red.9' : undefined}>
      {formatRatio(key, ratio.value, locale)}
      {ratio.warning && (
        <Group component="span" gap={4} justify="flex-end" wrap="nowrap" fz="xs">
          <WarningIcon />
          <span>{a('warning')}</span>
        </Group>
      )}
    </Box>
  );

  return (
    <Paper component="section" aria-labelledby="analysis-title" withBorder p="lg" radius="md">
      <Title order={2} size="h3" id="analysis-title" mb="xs">
        {a('title')}
      </Title>
      {years.length === 0 ? (
        <Text c="gray.7">{a('empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" mb="sm">
            {a('thresholdHint', {
              thresholds: `${thresholds}, ${a('ratios.workingCapital')} ${formatAmount(0, locale)}`,
            })}
          </Text>
          <WideOnly>
            <Box style={{ overflowX: 'auto' }} tabIndex={0}>
              <Table className={classes.numbers} withTableBorder miw={160 + years.length * 130}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{a('ratio')}</Table.Th>
                    {years.map((year) => (
                      <Table.Th key={year.statementId} data-numeric scope="col">
                        {year.year}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {RATIO_KEYS.map((key) => (
                    <Table.Tr key={key}>
                      <Table.Th scope="row" fw={500}>
                        {a(`ratios.${key}`)}
                      </Table.Th>
                      {years.map((year) => (
                        <Table.Td key={year.statementId}>{ratioCell(year.ratios[key], key)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </WideOnly>
          {/* On a phone a card per year, the latest first: its ratios one a line, nothing off-screen. */}
          <Cards
            rows={[...years].reverse()}
            rowKey={(year) => year.statementId}
            label={a('byYear')}
            columns={[
              { key: 'year', header: a('year'), cell: (year) => year.year, head: true },
              ...RATIO_KEYS.map((key) => ({
                key,
                header: a(`ratios.${key}`),
                numeric: true,
                cell: (year: (typeof years)[number]) => ratioCell(year.ratios[key], key),
              })),
            ]}
          />
          {withChart && (
            <Box mt="md" className={printable.noPrint}>
              <Text fw={500} mb="xs">
                {a('chartTitle')}
              </Text>
              <Suspense fallback={<Box h={220} />}>
                <BarFigure
                  height={220}
                  data={years.map((year) => ({
                    year: String(year.year),
                    sales: year.sales ?? 0,
                    netProfit: year.netProfit ?? 0,
                  }))}
                  dataKey="year"
                  series={[
                    { name: 'sales', label: a('sales'), color: 'blue.7' },
                    { name: 'netProfit', label: a('netProfit'), color: 'teal.7' },
                  ]}
                  format={(value) => formatCompactMoney(value, locale)}
                />
              </Suspense>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
