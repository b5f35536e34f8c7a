import { useEffect, useId, useRef } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../i18n';
import { EVENTS_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { EVENT_CATEGORY_SLUGS, isEventCategorySlug, type CompanyEvent } from '../../shared/events';
import { useConfirm } from '../components/confirm-dialog';
import { SearchInput } from '../components/list-controls';
import { reportError } from '../components/server-errors';
import { useRecordModal } from '../components/record-modal';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useCurrentCompanyId } from '../session/current-company';
import { useDeleteEvent, useEventsTimeline, useEventYears, type EventFilters } from './api';
import { eventHeadingId, groupByYear, YearGroup } from './event-item';
import { EventModal } from './event-modal';

/** The "all years" / "all categories" choice of a filter. */
const ALL = 'all';

/**
 * The filters live in the address bar, so that reloading or going back keeps them. Values that cannot be
 * a filter (a hand-edited URL) are ignored rather than sent to the server.
 */
function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const yearParam = params.get('year') ?? '';
  const categoryParam = params.get('category');
  const filters: EventFilters = {
    search: params.get('search') ?? '',
    year: /^\d{4}$/.test(yearParam) ? Number(yearParam) : null,
    categorySlug: isEventCategorySlug(categoryParam) ? categoryParam : null,
  };
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === ALL) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return {
    filters,
    setSearch: (value: string) => set('search', value),
    setYear: (value: string | null) => set('year', value),
    setCategory: (value: string | null) => set('category', value),
  };
}

/** /events (needs a current company; the route's guard sends everyone else to /companies). */
export default function EventsPage() {
  const companyId = useCurrentCompanyId();
  // The guard renders this page only with a company; the check keeps the types honest.
  return companyId ? <EventsOfCompany key={companyId} companyId={companyId} /> : null;
}

function EventsOfCompany({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { filters, setSearch, setYear, setCategory } = useEventFilters();
  const timeline = useEventsTimeline(companyId, filters);
  const years = useEventYears(companyId);
  const remove = useDeleteEvent(companyId);
  const modal = useRecordModal<CompanyEvent>();
  const headingPrefix = useId();

  // Pages are offsets: an event added meanwhile can push one onto the next page, so ids are kept once.
  const events: CompanyEvent[] = [];
  const seen = new Set<string>();
  for (const event of (timeline.data?.pages ?? []).flatMap((page) => page.events)) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    events.push(event);
  }
  const total = timeline.data?.pages.at(-1)?.meta.totalCount ?? 0;
  const filtered = filters.search !== '' || filters.year !== null || filters.categorySlug !== null;

  const yearChoices = [...(years.data ?? [])];
  if (filters.year !== null && !yearChoices.includes(filters.year)) yearChoices.push(filters.year);
  yearChoices.sort((a, b) => b - a);

  /**
   * After "load more", the focus goes to the first event loaded, rather than staying on a button that may
   * be gone: keyboard and screen-reader users go on reading where the new events start.
   */
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    const heading = focusTarget.current ? document.getElementById(eventHeadingId(focusTarget.current)) : null;
    if (!heading) return;
    focusTarget.current = null;
    heading.focus();
  });

  async function loadMore() {
    const shown = events.length;
    const result = await timeline.fetchNextPage();
    const next = result.data?.pages.flatMap((page) => page.events)[shown];
    if (!next) return;
    const heading = document.getElementById(eventHeadingId(next.id));
    // Usually not on screen yet (the query tells the page a moment later): the effect above does it then.
    if (heading) heading.focus();
    else focusTarget.current = next.id;
  }

  const askDelete = (event: CompanyEvent) =>
    confirm({
      text: t('events.confirmDelete', { title: event.title }),
      danger: true,
      confirmLabel: t('events.actions.delete'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(event.id);
          toast('success', t('events.toasts.deleted'));
        } catch (error) {
          reportError(error, { fallbackKey: 'events.toasts.deleteFailed' });
        }
      },
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('events.title')}</Title>
        <Button onClick={() => modal.open()}>{t('events.new')}</Button>
      </Group>

      <Group align="end" wrap="wrap">
        <SearchInput
          label={t('events.search')}
          placeholder={t('events.searchPlaceholder')}
          value={filters.search}
          onSearch={setSearch}
          delay={EVENTS_SEARCH_DEBOUNCE_MS}
        />
        <Select
          label={t('events.filters.year')}
          data={[
            { value: ALL, label: t('events.filters.allYears') },
            ...yearChoices.map((year) => ({ value: String(year), label: String(year) })),
          ]}
          value={filters.year === null ? ALL : String(filters.year)}
          onChange={setYear}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('events.filters.category')}
          data={[
            { value: ALL, label: t('events.filters.allCategories') },
            ...EVENT_CATEGORY_SLUGS.map((slug) => ({ value: slug, label: t(`events.categories.${slug}`) })),
          ]}
          value={filters.categorySlug ?? ALL}
          onChange={setCategory}
          allowDeselect={false}
          w={220}
        />
      </Group>

      {timeline.isPending ? (
        <PageLoader />
      ) : timeline.isError && events.length === 0 ? (
        <Group>
          <Text role="alert">{t('events.list.loadFailed')}</Text>
          <Button variant="default" size="compact-md" onClick={() => void timeline.refetch()}>
            {t('events.list.retry')}
          </Button>
        </Group>
      ) : events.length === 0 ? (
        <Text c="gray.7">{filtered ? t('events.list.noMatch') : t('events.list.empty')}</Text>
      ) : (
        <Stack gap="xl" component="section" aria-label={t('events.list.label')} aria-busy={timeline.isFetching}>
          {groupByYear(events).map((group) => (
            <YearGroup
              key={group.year}
              year={group.year}
              events={group.events}
              headingId={`${headingPrefix}-${group.year}`}
              onEdit={modal.open}
              onDelete={askDelete}
            />
          ))}
        </Stack>
      )}

      {events.length > 0 && (
        <Group justify="space-between" align="center">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('events.list.count', { shown: events.length, total })}
          </Text>
          {timeline.hasNextPage && (
            <Button variant="default" onClick={() => void loadMore()} loading={timeline.isFetchingNextPage}>
              {t('events.list.loadMore')}
            </Button>
          )}
        </Group>
      )}

      <EventModal opened={modal.opened} onClose={modal.close} companyId={companyId} event={modal.record} />
    </Stack>
  );
}
