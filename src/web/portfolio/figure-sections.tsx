import { Fragment, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import type { Locale } from '../../shared/constants';
import { formatMoney, formatPercent, numberFormat } from '../../shared/intl';
import { formatDay, MISSING } from '../../shared/portfolio/ratios';
import { bucketLabel } from '../../shared/servicing/buckets';
import { RATIO_TEXTS } from '../../shared/servicing/portfolio';
import {
  periodInputSchema,
  type AgingAnswer,
  type AgingCell,
  type BucketAnswer,
  type PeriodFormValues,
  type PeriodInput,
  type RatioAnswer,
} from '../../shared/schemas/portfolio-figures';
import { downloadFile } from '../api/client';
import { DayInput } from '../components/day-input';
import { ScrollTable } from '../components/scroll-table';
import { toast } from '../components/toasts';
import { useTranslation, type TFunction } from '../i18n';
import { useAging, useCollections, useFundFigures, usePar, type FigureFilters } from './figures-api';
import { FormulaTip, Section } from './section';
import { TableHead } from '../components/table-head';
import { QueryState, failureText } from '../components/query-state';

/*
 * The dashboard's portfolio figures (docs/decisions/0037): portfolio at risk and the arrears rate, the
 * aging table whose every figure opens its loans, the funds' capital, and the collections of a period. Each reads
 * its own API answer with the dashboard's filters; money in the reader's language.
 */

const count = (value: number, locale: Locale) => numberFormat(locale).format(value);
const share = (value: number | null, locale: Locale) => (value === null ? MISSING : formatPercent(value, locale));

/** "31 to 60 days", "Current", "Over 365 days": a bucket as people read it. */
export function bucketName(t: TFunction, bucket: Pick<BucketAnswer, 'minDays' | 'maxDays'>): string {
  const label = bucketLabel({ key: '', provisionRate: null, ...bucket });
  return t(label.key, label.params);
}

/** The address of the loans behind an aging cell, with the dashboard's filters. */
export function agingLoansPath(bucket: string, filters: FigureFilters): string {
  const params = new URLSearchParams();
  if (filters.fundId) params.set('fund', filters.fundId);
  if (filters.mine) params.set('mine', 'true');
  if (filters.asOf) params.set('as_of', filters.asOf);
  const query = params.toString();
  return `/portfolio/aging/${encodeURIComponent(bucket)}${query ? `?${query}` : ''}`;
}

/** A figure of a `dl` grid: its name, its value, what it divides, and its formula. */
function RatioFigure({
  label,
  name,
  formula,
  ratio,
  testId,
}: {
  label: string;
  name: string;
  formula: string;
  ratio: RatioAnswer;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Paper withBorder p="md">
      <Group component="dt" gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text component="span" size="sm" c="gray.7">
          <abbr title={name}>{label}</abbr>
        </Text>
        <FormulaTip name={name} formula={formula} />
      </Group>
      <Text component="dd" m={0} fw={700} size="xl" data-testid={testId}>
        {share(ratio.value, locale)}
      </Text>
      <Text component="dd" m={0} size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {t('servicing.portfolio.risk.terms', {
          numerator: formatMoney(ratio.numerator, locale),
          denominator: formatMoney(ratio.denominator, locale),
        })}
      </Text>
    </Paper>
  );
}

/** PAR30, PAR60, PAR90 and the arrears rate, each with its terms and its formula. */
export function RiskSection({ filters }: { filters: FigureFilters }) {
  const { t } = useTranslation();
  const par = usePar(filters);
  return (
    <Section title={t('servicing.portfolio.risk.title')} hint={t('servicing.portfolio.risk.hint')}>
      <QueryState query={par} failed={t('portfolio.dashboard.loadFailed')}>
        {(data) => (
          <SimpleGrid cols={{ base: 2, md: 4 }} component="dl" m={0} aria-busy={par.isFetching}>
            {data.par.map((ratio) => (
              <RatioFigure
                key={ratio.days}
                label={t(RATIO_TEXTS.par.label, { days: ratio.days })}
                name={t(RATIO_TEXTS.par.name, { days: ratio.days })}
                formula={t(RATIO_TEXTS.par.formula, { days: ratio.days })}
                ratio={ratio}
                testId={`par-${ratio.days}`}
              />
            ))}
            <RatioFigure
              label={t(RATIO_TEXTS.arrearsRate.label)}
              name={t(RATIO_TEXTS.arrearsRate.label)}
              formula={t(RATIO_TEXTS.arrearsRate.formula)}
              ratio={data.arrearsRate}
              testId="arrears-rate"
            />
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}

type CellColumn = 'count' | 'outstanding' | 'arrears';

/** One figure of the aging table, a link to its loans (a total, or an empty bucket, is plain text). */
function CellLink({
  bucket,
  label,
  cell,
  column,
  filters,
}: {
  bucket: string | null;
  label: string;
  cell: AgingCell;
  column: CellColumn;
  filters: FigureFilters;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const value =
    column === 'count'
      ? count(cell.count, locale)
      : formatMoney(
          column === 'outstanding' ? cell.outstandingPrincipal : cell.arrearsPrincipal + cell.arrearsInterest,
          locale,
        );
  if (bucket === null || cell.count === 0) return <>{value}</>;
  return (
    <Anchor
      component={Link}
      to={agingLoansPath(bucket, filters)}
      aria-label={`${value} — ${t('servicing.portfolio.aging.open', { bucket: label, count: cell.count })}`}
    >
      {value}
    </Anchor>
  );
}

function ProvisionValue({ cell, rate }: { cell: AgingCell; rate: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (cell.provision === null)
    return (
      <Text c="gray.7" span size="sm">
        {t('servicing.portfolio.aging.noRate')}
      </Text>
    );
  return (
    <>
      {formatMoney(cell.provision, locale)}
      {rate !== undefined && rate !== null && (
        <Text span size="xs" c="gray.7" display="block">
          {formatPercent(rate / 100, locale)}
        </Text>
      )}
    </>
  );
}

/** The aging table: a row per bucket (count, outstanding, arrears, provision), each figure opening its loans. */
export function AgingSection({ filters }: { filters: FigureFilters }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const aging = useAging(filters);
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const provisionName = t(RATIO_TEXTS.provision.label);
  return (
    <Section title={t('servicing.portfolio.aging.title')} hint={t('servicing.portfolio.aging.hint')}>
      <QueryState
        query={aging}
        failed={t('portfolio.dashboard.loadFailed')}
        empty={{ when: (data) => data.total.count === 0, text: t('servicing.portfolio.aging.empty') }}
      >
        {(data) => (
          <AgingTable
            answer={data}
            filters={filters}
            narrow={narrow}
            locale={locale}
            provisionHead={
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {provisionName}
                <FormulaTip name={provisionName} formula={t(RATIO_TEXTS.provision.formula)} />
              </Group>
            }
          />
        )}
      </QueryState>
    </Section>
  );
}

function AgingTable({
  answer,
  filters,
  narrow,
  locale,
  provisionHead,
}: {
  answer: AgingAnswer;
  filters: FigureFilters;
  narrow: boolean;
  locale: Locale;
  provisionHead: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = answer.rows.map((row, index) => {
    const bucket = answer.buckets[index]!;
    return { row, bucket, label: bucketName(t, bucket) };
  });
  const caption = t('servicing.portfolio.aging.caption', { date: formatDay(answer.asOf, locale) });
  const cells = (bucket: string | null, label: string, cell: AgingCell) =>
    (['count', 'outstanding', 'arrears'] as const).map((column) => (
      <CellLink key={column} bucket={bucket} label={label} cell={cell} column={column} filters={filters} />
    ));
  if (narrow) {
    // A phone: one card per bucket, the same figures and links, nothing to scroll sideways to.
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
        {[
          ...rows,
          { row: { ...answer.total, bucket: '' }, bucket: null, label: t('servicing.portfolio.aging.total') },
        ].map(({ row, bucket, label }) => {
          const [countLink, outstandingLink, arrearsLink] = cells(bucket ? row.bucket : null, label, row);
          return (
            <Paper key={label} component="li" withBorder p="sm" data-testid="aging-card">
              <Text fw={600}>{label}</Text>
              <SimpleGrid cols={2} component="dl" m={0} spacing={4} verticalSpacing={2}>
                {(
                  [
                    ['count', countLink],
                    ['outstanding', outstandingLink],
                    ['arrears', arrearsLink],
                    ['provision', <ProvisionValue key="provision" cell={row} rate={bucket?.provisionRate} />],
                  ] as const
                ).map(([key, value]) => (
                  <Fragment key={key}>
                    <Text component="dt" size="sm" c="gray.7">
                      {t(`servicing.portfolio.aging.${key}`)}
                    </Text>
                    <Text component="dd" m={0} ta="end">
                      {value}
                    </Text>
                  </Fragment>
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <ScrollTable>
      <Table striped miw={640}>
        <Table.Caption c="gray.8">{caption}</Table.Caption>
        <TableHead
          cells={[
            ...(['bucket', 'count', 'outstanding', 'arrears'] as const).map((key) =>
              t(`servicing.portfolio.aging.${key}`),
            ),
            provisionHead,
          ]}
          endFrom={1}
        />
        <Table.Tbody>
          {rows.map(({ row, bucket, label }) => (
            <Table.Tr key={row.bucket}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              {cells(row.bucket, label, row).map((cell, index) => (
                <Table.Td key={index} ta="end">
                  {cell}
                </Table.Td>
              ))}
              <Table.Td ta="end">
                <ProvisionValue cell={row} rate={bucket.provisionRate} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{t('servicing.portfolio.aging.total')}</Table.Th>
            {cells(null, '', answer.total).map((cell, index) => (
              <Table.Td key={index} ta="end">
                {cell}
              </Table.Td>
            ))}
            <Table.Td ta="end">{formatMoney(answer.total.provision ?? 0, locale)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

/** Each fund's capital, outstanding, approved not disbursed and available. */
export function FundsSection({ asOf, isAdmin }: { asOf: string | null; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const funds = useFundFigures(asOf);
  const money = (value: number | null) =>
    value === null ? t('servicing.portfolio.funds.notSet') : formatMoney(value, locale);
  return (
    <Section
      title={t('servicing.portfolio.funds.title')}
      hint={t('servicing.portfolio.funds.hint')}
      actions={
        isAdmin && (
          <Anchor component={Link} to="/portfolio/capital" size="sm">
            {t('servicing.portfolio.funds.manage')}
          </Anchor>
        )
      }
    >
      <QueryState query={funds} failed={t('portfolio.dashboard.loadFailed')}>
        {(data) => (
          <ScrollTable>
            <Table striped miw={720}>
              <TableHead
                cells={(['fund', 'capital', 'outstanding', 'undisbursed', 'available', 'loans'] as const).map((key) =>
                  t(`servicing.portfolio.funds.${key}`),
                )}
                endFrom={1}
              />
              <Table.Tbody>
                {[...data.funds, { ...data.total, fundId: '', fundName: t('servicing.portfolio.funds.total') }].map(
                  (fund) => (
                    <Table.Tr key={fund.fundId} fw={fund.fundId ? undefined : 700}>
                      <Table.Th scope="row" fw={fund.fundId ? 400 : 700}>
                        {fund.fundName}
                      </Table.Th>
                      <Table.Td ta="end">{money(fund.capital)}</Table.Td>
                      <Table.Td ta="end">{formatMoney(fund.outstandingPrincipal, locale)}</Table.Td>
                      <Table.Td ta="end">{formatMoney(fund.undisbursed, locale)}</Table.Td>
                      <Table.Td ta="end" c={fund.available !== null && fund.available < 0 ? 'red.9' : undefined}>
                        {money(fund.available)}
                      </Table.Td>
                      <Table.Td ta="end">{count(fund.loansCount, locale)}</Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
    </Section>
  );
}

/** The collection rate of a period the reader chooses, and the export of that period's repayments. */
export function CollectionsSection({ fundId, mine }: { fundId: string | null; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const collections = useCollections({ fundId, mine, from, to });
  const period = collections.data ? { from: collections.data.from, to: collections.data.to } : null;
  const form = useForm<PeriodFormValues, unknown, PeriodInput>({
    mode: 'all',
    resolver: zodResolver(periodInputSchema),
    values: period ?? { from: '', to: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const show = form.handleSubmit((values) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', values.from);
        next.set('to', values.to);
        return next;
      },
      { replace: true },
    ),
  );
  const exportRepayments = async () => {
    if (!period) return;
    try {
      await downloadFile('/portfolio/repayments/export.csv', period);
    } catch (error) {
      toast('error', failureText(error, t('errors.generic')));
    }
  };
  const rateName = t(RATIO_TEXTS.collectionRate.label);
  return (
    <Section title={t('servicing.portfolio.collections.title')} hint={t('servicing.portfolio.collections.hint')}>
      <Stack>
        <form onSubmit={(event) => void show(event)} noValidate>
          <Group align="flex-start" wrap="wrap">
            <DayInput form={form} name="from" label={t('servicing.portfolio.collections.from')} required />
            <DayInput form={form} name="to" label={t('servicing.portfolio.collections.to')} required />
            <Button type="submit" variant="light" mt={25}>
              {t('servicing.portfolio.collections.apply')}
            </Button>
          </Group>
        </form>
        <QueryState query={collections} failed={failureText(collections.error, t('portfolio.dashboard.loadFailed'))}>
          {(data) => (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="dl" m={0} aria-busy={collections.isFetching}>
              <Paper withBorder p="md">
                <Group component="dt" gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                  <Text component="span" size="sm" c="gray.7">
                    {rateName}
                  </Text>
                  <FormulaTip name={rateName} formula={t(RATIO_TEXTS.collectionRate.formula)} />
                </Group>
                <Text component="dd" m={0} fw={700} size="xl" data-testid="collection-rate">
                  {share(data.rate.value, locale)}
                </Text>
              </Paper>
              {(
                [
                  ['due', data.due],
                  ['collected', data.collected],
                  ['received', data.received],
                  ['recovered', data.recovered],
                ] as const
              ).map(([key, value]) => (
                <Paper key={key} withBorder p="md">
                  <Text component="dt" size="sm" c="gray.7">
                    {t(`servicing.portfolio.collections.${key}`)}
                  </Text>
                  <Text component="dd" m={0} fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                    {formatMoney(value, locale)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </QueryState>
        <Group>
          <Button variant="default" onClick={() => void exportRepayments()} disabled={!period}>
            {t('servicing.portfolio.collections.export')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
