import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Locale } from '../../shared/constants';
import { formatMoney, numberFormat } from '../../shared/intl';
import { formatDay, MISSING } from '../../shared/portfolio/ratios';
import type { AgingLoan } from '../../shared/schemas/portfolio-figures';
import { NumberedPagination, RowsPerPageMenu, useListState } from '../components/list-controls';
import { ScrollTable } from '../components/scroll-table';
import { useTranslation } from '../i18n';
import { bucketName } from './figure-sections';
import { PageLoader } from '../components/status-pages';
import { useAgingLoans, useBuckets } from './figures-api';
import { TableHead } from '../components/table-head';
import { ArchivedCompanyBadge } from '../components/archived-company-badge';
import { QueryState, failureText } from '../components/query-state';

/** The sorts offered, as the API spells them; the first is the default. */
const SORTS = ['-days_past_due', 'days_past_due', '-arrears', '-outstanding_principal', 'company_name'] as const;

/** The loan's own page (its schedule, entries and arrears), not the company form. */
const loanLink = (loan: AgingLoan) => `/companies/${loan.companyId}/contributions/${loan.contributionId}`;

/**
 * /portfolio/aging/:bucket — the active loans behind a cell of the dashboard's aging table, with its filters
 * (fund, mine, as of), a page at a time: company, loan, fund, days past due, arrears, outstanding principal.
 */
export default function AgingLoansPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { bucket = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const list = useListState();
  const sortParam = params.get('sort');
  const sort = (SORTS as readonly string[]).includes(sortParam ?? '') ? sortParam! : SORTS[0];
  const filters = { fundId: params.get('fund'), mine: params.get('mine') === 'true', asOf: params.get('as_of') };
  const buckets = useBuckets();
  const query = useAgingLoans({ ...filters, bucket, page: list.page, size: list.size, sort });
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const inForce = buckets.data?.buckets.find((b) => b.key === bucket);
  const label = inForce ? bucketName(t, inForce) : bucket;
  const back = new URLSearchParams();
  for (const key of ['fund', 'mine', 'as_of']) if (params.get(key)) back.set(key, params.get(key)!);

  const setSort = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== SORTS[0]) next.set('sort', value);
        else next.delete('sort');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The bucket's name comes with the buckets in force: until then its key would show in the heading.
  if (buckets.isPending) return <PageLoader />;
  return (
    <Stack>
      <Anchor component={Link} to={`/dashboard${back.size ? `?${back.toString()}` : ''}`} size="sm">
        ← {t('servicing.portfolio.loans.back')}
      </Anchor>
      <Title order={1}>{t('servicing.portfolio.loans.title', { bucket: label })}</Title>
      {query.data && (
        <Text>
          {t(inForce?.minDays === 0 ? 'servicing.portfolio.loans.introCurrent' : 'servicing.portfolio.loans.intro', {
            bucket: label,
            date: formatDay(query.data.meta.asOf, locale),
            count: numberFormat(locale).format(query.data.meta.totalCount),
          })}
        </Text>
      )}
      <Group align="end" wrap="wrap">
        <Select
          label={t('servicing.portfolio.loans.sort')}
          data={SORTS.map((value) => ({ value, label: t(`servicing.portfolio.loans.sorts.${value}`) }))}
          value={sort}
          onChange={setSort}
          allowDeselect={false}
          w={{ base: '100%', sm: 340 }}
        />
        <RowsPerPageMenu size={list.size} onChange={list.setSize} />
      </Group>
      <QueryState
        query={query}
        failed={failureText(query.error, t('servicing.portfolio.loans.loadFailed'))}
        empty={{ when: (data) => data.loans.length === 0, text: t('servicing.portfolio.loans.empty') }}
      >
        {(data) =>
          narrow ? <LoanCards loans={data.loans} locale={locale} /> : <LoanTable loans={data.loans} locale={locale} />
        }
      </QueryState>
      <NumberedPagination page={list.page} totalPages={query.data?.meta.totalPages ?? 1} onChange={list.setPage} />
    </Stack>
  );
}

function LoanTable({ loans, locale }: { loans: AgingLoan[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <ScrollTable>
      <Table striped miw={760} aria-label={t('servicing.portfolio.loans.table')}>
        <TableHead
          cells={(['company', 'loanNumber', 'fund', 'daysPastDue', 'arrears', 'outstanding'] as const).map((key) =>
            t(`servicing.portfolio.loans.${key}`),
          )}
          endFrom={3}
        />
        <Table.Tbody>
          {loans.map((loan) => (
            <Table.Tr key={loan.contributionId}>
              <Table.Th scope="row" fw={400}>
                <Anchor component={Link} to={loanLink(loan)}>
                  {loan.companyName}
                </Anchor>
                {loan.companyArchived && <ArchivedCompanyBadge ml="xs" />}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{loan.loanNumber}</Table.Td>
              <Table.Td>{loan.fundName}</Table.Td>
              <Table.Td ta="end">
                {numberFormat(locale).format(loan.daysPastDue)}
                {loan.overdueSince && (
                  <Text span size="xs" c="gray.7" display="block">
                    {t('servicing.portfolio.loans.overdueSince')} {formatDay(loan.overdueSince, locale)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end">{loan.arrears === 0 ? MISSING : formatMoney(loan.arrears, locale)}</Table.Td>
              <Table.Td ta="end">{formatMoney(loan.outstandingPrincipal, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A phone: one card per loan with the same facts, nothing to scroll sideways to. */
function LoanCards({ loans, locale }: { loans: AgingLoan[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('servicing.portfolio.loans.table')}
    >
      {loans.map((loan) => (
        <Paper key={loan.contributionId} component="li" withBorder p="sm" data-testid="loan-card">
          <Anchor component={Link} to={loanLink(loan)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {loan.companyName}
          </Anchor>
          {loan.companyArchived && <ArchivedCompanyBadge ml="xs" />}
          <Text size="sm" c="gray.8">
            {loan.loanNumber} · {loan.fundName}
          </Text>
          <SimpleGrid cols={2} component="dl" m={0} mt={4} spacing={4} verticalSpacing={2}>
            <Text component="dt" size="sm" c="gray.7">
              {t('servicing.portfolio.loans.daysPastDue')}
            </Text>
            <Text component="dd" m={0} ta="end">
              {numberFormat(locale).format(loan.daysPastDue)}
            </Text>
            <Text component="dt" size="sm" c="gray.7">
              {t('servicing.portfolio.loans.arrears')}
            </Text>
            <Text component="dd" m={0} ta="end">
              {loan.arrears === 0 ? MISSING : formatMoney(loan.arrears, locale)}
            </Text>
            <Text component="dt" size="sm" c="gray.7">
              {t('servicing.portfolio.loans.outstanding')}
            </Text>
            <Text component="dd" m={0} ta="end">
              {formatMoney(loan.outstandingPrincipal, locale)}
            </Text>
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
