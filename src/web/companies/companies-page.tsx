import { useEffect, useRef, useState } from 'react';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CompanySummary } from '../../shared/companies';
import { downloadFile } from '../api/client';
import { ListToolbar, NumberedPagination, useListState } from '../components/list-controls';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { i18n, useTranslation } from '../i18n';
import { setCurrentCompanyId, useCurrentCompanyId } from '../session/current-company';
import { useCompaniesList } from './api';
import { CompanyCard } from './company-card';
import { Onboarding } from './onboarding';
import type { ListArrival } from './list-arrival';

/** Only one warning at a time, even when the page mounts twice (StrictMode, a quick back and forth). */
const NEED_COMPANY_TOAST_ID = 'need-active-company';

/**
 * /companies (docs/SPEC.md §2 "Companies list"): search, archived filter, rows per page, previous/next and
 * numbered pagination (all kept in the address bar), a card per company, and the onboarding invitation
 * when there is no active company at all.
 */
export default function CompaniesPage() {
  const { t } = useTranslation();
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === 'true';
  const currentId = useCurrentCompanyId();
  const location = useLocation();
  const query = useCompaniesList({ page: list.page, size: list.size, search: list.search, archived });
  const totalPages = query.data?.meta.totalPages ?? 1;

  // docs/SPEC.md §2: warn on arrival when no company is selected (documents and events send users here), but not
  // on the way back from a company's form.
  const warned = useRef(false);
  const arrival = (location.state as ListArrival | null) ?? {};
  const redirected = Boolean(arrival.needActiveCompany);
  useEffect(() => {
    if (warned.current || (currentId && !redirected) || arrival.fromCompanyForm) return;
    warned.current = true;
    toast('warning', i18n.t('toasts.needActiveCompany'), NEED_COMPANY_TOAST_ID);
    // Only on arrival: choosing a company afterwards must not warn again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setArchived = (value: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('archived', 'true');
        else next.delete('archived');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const select = (company: CompanySummary) => {
    setCurrentCompanyId(company.id);
    toast('success', t('companies.toasts.selected', { name: company.name }));
  };

  // The export takes the list's own search and filter (ADR 0020); the server reads them as the list does.
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await downloadFile('/companies/export.csv', {
        'filter[search]': list.search,
        'filter[archived]': archived ? 'true' : 'false',
      });
    } catch {
      toast('error', i18n.t('errors.generic'));
    } finally {
      setExporting(false);
    }
  };

  const companies = query.data?.companies ?? [];
  const onboarding = query.isSuccess && companies.length === 0 && !archived && !list.search && list.page === 0;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('companies.title')}</Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => void exportList()} loading={exporting}>
            {t('portfolio.export.download')}
          </Button>
          <Button component={Link} to="/companies/new">
            {t('companies.new')}
          </Button>
        </Group>
      </Group>
      <ListToolbar
        list={list}
        searchLabel={t('common.search')}
        searchPlaceholder={t('companies.searchPlaceholder')}
        totalPages={totalPages}
      >
        <SegmentedControl
          aria-label={t('companies.filters.label')}
          value={archived ? 'archived' : 'active'}
          onChange={(value) => setArchived(value === 'archived')}
          data={[
            { value: 'active', label: t('companies.filters.active') },
            { value: 'archived', label: t('companies.filters.archived') },
          ]}
        />
      </ListToolbar>

      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Text role="alert">{t('errors.generic')}</Text>
      ) : onboarding ? (
        <Onboarding />
      ) : companies.length === 0 ? (
        <Text c="gray.7">{archived && !list.search ? t('companies.emptyArchived') : t('companies.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={query.isFetching}>
          {companies.map((company) => (
            <CompanyCard key={company.id} company={company} current={company.id === currentId} onSelect={select} />
          ))}
        </SimpleGrid>
      )}
      <NumberedPagination page={list.page} totalPages={totalPages} onChange={list.setPage} />
    </Stack>
  );
}
