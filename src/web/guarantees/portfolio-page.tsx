import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { GUARANTEE_KINDS } from '../../shared/guarantees/types';
import { formatDay, formatMoney, formatPercentValue } from '../../shared/intl';
import type { PortfolioGuarantee } from '../../shared/schemas/guarantees-answers';
import { downloadFile } from '../api/client';
import { usePortfolioGuarantees } from '../api/guarantees';
import { useLookup } from '../api/lookups';
import { NumberedPagination, RowsPerPageMenu, useListState } from '../components/list-controls';
import { coverageText } from '../components/loan-guarantees';
import { reportError } from '../components/server-errors';
import { useTranslation, type KeyUnder } from '../i18n';

/** The views the list offers beside its filters, each a filter of the API. */
const VIEWS = ['all', 'expiring', 'signedNotRegistered', 'toRelease'] as const;
type View = (typeof VIEWS)[number];

/** What a view asks of the API: expiring within 90 days, signed and not registered, to release. */
const VIEW_FILTERS: Record<View, Record<string, string>> = {
  all: {},
  expiring: { 'filter[expiring_within_days]': '90' },
  signedNotRegistered: { 'filter[state]': 'signed' },
  toRelease: { 'filter[to_release]': 'true' },
};

/**
 * /portfolio/guarantees — every guarantee of the portfolio (docs/decisions/0072), soonest expiry first, with the
 * views the officers work from (expiring within 90 days, signed but not registered, to release), the fund and
 * kind filters, each loan's coverage, and the list as a CSV file in the language shown.
 */
export default function GuaranteesPortfolioPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const p = (key: KeyUnder<'guarantees.portfolio'>, params?: Record<string, unknown>) =>
    t(`guarantees.portfolio.${key}`, params);
  const f = (key: KeyUnder<'guarantees.fields'>) => t(`guarantees.fields.${key}`);
  const [params, setParams] = useSearchParams();
  const list = useListState();
  const view = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as View) : 'all';
  const kind = params.get('kind');
  const fund = params.get('fund');
  const funds = useLookup<{ id: string; name: string }>('/contribution_funds');
  const filters: Record<string, string> = {
    ...VIEW_FILTERS[view],
    ...(kind ? { 'filter[kind]': kind } : {}),
    ...(fund ? { 'filter[fund_id]': fund } : {}),
  };
  const query = usePortfolioGuarantees({ ...filters, 'page[number]': list.page + 1, 'page[size]': list.size });
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'all') next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const day = (value: string | null) => (value ? (formatDay(value, locale) ?? value) : '—');
  const secured = (g: PortfolioGuarantee) =>
    g.amount !== null
      ? formatMoney(g.amount, locale)
      : g.sharePercent !== null
        ? formatPercentValue(g.sharePercent, locale)
        : '—';

  return (
    <Stack>
      <Title order={1}>{p('title')}</Title>
      <Text c="gray.7">{p('intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={p('filter.view')}
          allowDeselect={false}
          data={VIEWS.map((value) => ({ value, label: p(`filter.${value}`) }))}
          value={view}
          onChange={(value) => set('view', value)}
        />
        <Select
          label={p('filter.kind')}
          allowDeselect={false}
          data={[
            { value: 'all', label: p('filter.all') },
            ...GUARANTEE_KINDS.map((value) => ({ value, label: t(`guarantees.kind.${value}`) })),
          ]}
          value={kind ?? 'all'}
          onChange={(value) => set('kind', value)}
        />
        <Select
          label={p('filter.fund')}
          allowDeselect={false}
          data={[
            { value: 'all', label: p('filter.all') },
            ...(funds.data ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
          value={fund ?? 'all'}
          onChange={(value) => set('fund', value)}
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Text aria-live="polite">{query.data ? p('count', { count: query.data.meta.totalCount }) : ''}</Text>
        <Group>
          <Button
            variant="light"
            onClick={() =>
              void downloadFile('/portfolio/guarantees.csv', filters).catch((error: unknown) => reportError(error))
            }
          >
            {p('export')}
          </Button>
          <RowsPerPageMenu size={list.size} onChange={list.setSize} />
        </Group>
      </Group>
      {query.isError && (
        <Text role="alert" c="red.9">
          {t('errors.generic')}
        </Text>
      )}
      {query.data?.guarantees.length === 0 && <Text>{p('empty')}</Text>}
      {(query.data?.guarantees.length ?? 0) > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{f('company')}</Table.Th>
                <Table.Th>{f('loan')}</Table.Th>
                <Table.Th>{f('fund')}</Table.Th>
                <Table.Th>{f('kind')}</Table.Th>
                <Table.Th>{f('guarantor')}</Table.Th>
                <Table.Th>{f('secured')}</Table.Th>
                <Table.Th>{f('registrationNumber')}</Table.Th>
                <Table.Th>{f('expiresOn')}</Table.Th>
                <Table.Th>{f('state')}</Table.Th>
                <Table.Th>{f('coverage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data!.guarantees.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>{g.companyName}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/companies/${g.companyId}/contributions/${g.contributionId}`}>
                      {g.loanNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{g.fundName}</Table.Td>
                  <Table.Td>
                    {t(`guarantees.kind.${g.kind}`)}
                    {g.toComplete && (
                      <Badge ml="xs" color="yellow" variant="light" c="dark">
                        {t('guarantees.section.toComplete')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{g.guarantorName ?? '—'}</Table.Td>
                  <Table.Td>{secured(g)}</Table.Td>
                  <Table.Td>
                    {t(`guarantees.registry.${g.registry}`)}
                    {g.registrationNumber ? ` ${g.registrationNumber}` : ''}
                  </Table.Td>
                  <Table.Td>{day(g.expiresOn)}</Table.Td>
                  <Table.Td>{t(`guarantees.state.${g.state}`)}</Table.Td>
                  <Table.Td>{g.loanCoverage === null ? '—' : coverageText(g.loanCoverage, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NumberedPagination page={list.page} totalPages={query.data?.meta.totalPages ?? 1} onChange={list.setPage} />
    </Stack>
  );
}
