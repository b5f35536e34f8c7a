import { Anchor, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Lookup } from '../../shared/companies';
import type { RequestState } from '../../shared/pipeline';
import type { FundingRequestSummary } from '../../shared/schemas/pipeline-answers';
import { useRequestColumn } from '../api/funding-requests';
import { useLookup } from '../api/lookups';
import { PageLoader } from '../components/status-pages';
import { useTranslation } from '../i18n';
import { formatAmount as money } from '../../shared/portfolio/ratios';
import { boardSearch, boardStates, readBoardFilters, waitingLabel, type BoardFilters } from './board';

/** /requests: the board of funding requests, a column per state (docs/decisions/0042). */
export default function BoardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readBoardFilters(params);
  const funds = useLookup<Lookup>('/contribution_funds');
  const set = (change: Partial<BoardFilters>) => setParams(boardSearch({ ...filters, ...change }), { replace: true });
  // Read once per render: every card of the board measures its wait against the same moment.
  const now = useMemo(() => new Date(), []);

  return (
    <Stack>
      <Title order={1}>{t('pipeline.board.title')}</Title>
      <Text>{t('pipeline.board.intro')}</Text>
      <Group component="form" role="search" aria-label={t('pipeline.board.filters')} align="flex-end" wrap="wrap">
        <Select
          label={t('pipeline.board.fund')}
          data={[
            { value: '', label: t('pipeline.board.allFunds') },
            ...(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name })),
          ]}
          value={filters.fundId ?? ''}
          onChange={(value) => set({ fundId: value || null })}
          allowDeselect={false}
          style={{ flex: '0 1 280px' }}
        />
        <Checkbox
          label={t('pipeline.board.mine')}
          checked={filters.mine}
          onChange={(event) => set({ mine: event.currentTarget.checked })}
          mb={8}
        />
        <Checkbox
          label={t('pipeline.board.ended')}
          checked={filters.ended}
          onChange={(event) => set({ ended: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {boardStates(filters).map((state) => (
          <Column key={state} state={state} filters={filters} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Column({ state, filters, now }: { state: RequestState; filters: BoardFilters; now: Date }) {
  const { t } = useTranslation();
  const headingId = useId();
  const column = useRequestColumn({ state, fundId: filters.fundId, mine: filters.mine });
  const requests = column.data?.pages.flatMap((page) => page.data) ?? [];
  const count = column.data?.pages[0]?.meta.totalCount ?? 0;
  const name = t(`pipeline.state.${state}`);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} bg="gray.0">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          <span>{name}</span>
          {column.data && (
            <Badge ml="xs" color="gray.7" variant="filled" aria-hidden>
              {count}
            </Badge>
          )}
          {column.data && <span className="visually-hidden">{` (${count})`}</span>}
        </Title>
      </Group>
      {column.isPending ? (
        <PageLoader />
      ) : column.isError ? (
        <Text role="alert" c="red.9">
          {t('pipeline.board.loadFailed')}
        </Text>
      ) : requests.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('pipeline.board.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} now={now} />
          ))}
        </Stack>
      )}
      {column.hasNextPage && (
        <Stack gap={4} mt="xs">
          <Text size="sm" c="gray.7">
            {t('pipeline.board.shown', { shown: requests.length, count })}
          </Text>
          <Button
            variant="light"
            size="xs"
            loading={column.isFetchingNextPage}
            onClick={() => void column.fetchNextPage()}
          >
            {t('pipeline.board.more')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function RequestCard({ request, now }: { request: FundingRequestSummary; now: Date }) {
  const { t, i18n } = useTranslation();
  const waited = waitingLabel(request.stateChangedAt, now);
  return (
    <Paper component="li" withBorder p="xs" radius="sm">
      <Anchor component={Link} to={`/requests/${request.id}`} fw={600}>
        {request.projectName}
      </Anchor>
      <Text size="sm">{request.companyName}</Text>
      <Text size="sm">{t('pipeline.board.asked', { amount: money(request.totalAmount, i18n.language) })}</Text>
      <Text size="sm">
        {t('pipeline.board.analyst', { name: request.assigneeName ?? t('pipeline.board.unassigned') })}
      </Text>
      <Text size="sm" c="gray.7">
        {t(waited.key, waited.params)}
      </Text>
    </Paper>
  );
}
