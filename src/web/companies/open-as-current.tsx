import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import {
  CURRENT_COMPANY_SCREENS,
  setCurrentCompanyId,
  useCurrentCompanyId,
  type CurrentCompanyScreen,
} from '../session/current-company';
import { useCompany } from './api';

/**
 * /companies/{id}/events and /companies/{id}/documents: makes the company current, then opens that
 * screen with the same query. Documents and events still need a current company (docs/SPEC.md §2); this is
 * where a link from the company's file or from the search makes it so, in one place. An archived company
 * cannot be current (ADR 0017): its file opens instead, saying why.
 */
export default function OpenAsCurrent() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const screen: CurrentCompanyScreen = pathname.toLowerCase().endsWith('/documents') ? 'documents' : 'events';
  const query = useCompany(id);
  const currentId = useCurrentCompanyId();
  const archived = Boolean(query.data?.archivedAt);
  const active = Boolean(query.data) && !archived;

  useEffect(() => {
    if (active) setCurrentCompanyId(id);
    else if (archived) toast('warning', t('companies.toasts.archivedNotCurrent'));
  }, [active, archived, id, t]);

  if (archived) return <Navigate to={`/companies/${id}`} replace />;
  if (active && currentId === id) return <Navigate to={`${CURRENT_COMPANY_SCREENS[screen]}${search}`} replace />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (query.isError) {
    return (
      <Text role="alert" c="red.9">
        {t('companies.form.loadFailed')}
      </Text>
    );
  }
  return <PageLoader />;
}
