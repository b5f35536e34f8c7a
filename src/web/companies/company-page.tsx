import { lazy, Suspense, useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../i18n';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { useCompany } from './api';
import { companyScreenPath } from '../session/current-company';
import type { Company } from '../../shared/companies';
import { CompanyForm } from './company-form';
import { AnalysisSection } from './analysis-section';
import { CompanyRequests } from '../components/company-requests';
import { loadChunk } from '../components/stale-build';

/** The contacts and the notices' hold, below the file: their own chunk, so the file's first paint does not wait. */
const CompanyContacts = lazy(() =>
  loadChunk(() => import('../components/company-contacts')).then((m) => ({ default: m.CompanyContacts })),
);

/** /companies/new and /companies/{id}: one page, the route without an id is the new company. */
export default function CompanyPage() {
  const { id } = useParams();
  return id ? <EditCompany id={id} /> : <CompanyForm company={null} />;
}

/**
 * Where the file leads: its history and documents (which make it the current company, ADR 0032) and its
 * printable copy. An archived company is not worked on, so it offers only the copy.
 */
function FileLinks({ company }: { company: Company }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('companies.form.fileLinks')} gap="lg">
      {!company.archivedAt && (
        <>
          <Anchor component={Link} to={companyScreenPath(company.id, 'events')}>
            {t('layout.events')}
          </Anchor>
          <Anchor component={Link} to={companyScreenPath(company.id, 'documents')}>
            {t('layout.documents')}
          </Anchor>
        </>
      )}
      <Anchor component={Link} to={`/companies/${company.id}/file`}>
        {t('portfolio.file.printLabel')}
      </Anchor>
    </Group>
  );
}

function EditCompany({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useCompany(id);
  // Bumped by "reload" after a conflict: the form starts again from the latest version.
  const [generation, setGeneration] = useState(0);

  const reload = async () => {
    await query.refetch();
    setGeneration((n) => n + 1);
  };

  // A failed background refetch keeps the form: what the user typed matters more than a fresh copy.
  if (query.data)
    return (
      <Stack>
        <CompanyForm
          key={`${id}:${generation}`}
          company={query.data}
          onReload={() => void reload()}
          links={<FileLinks company={query.data} />}
        />
        {/* Read from the saved file (ADR 0020): the analysis and the printable file follow each save. */}
        <AnalysisSection statements={query.data.financialStatements} />
        <CompanyRequests companyId={id} />
        <Suspense fallback={null}>
          <CompanyContacts companyId={id} owners={query.data.owners.map((o) => ({ id: o.id ?? '', name: o.name }))} />
        </Suspense>
      </Stack>
    );
  if (query.isPending) return <PageLoader />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <Text role="alert" c="red.9">
      {t('companies.form.loadFailed')}
    </Text>
  );
}
