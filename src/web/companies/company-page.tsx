import { useState } from 'react';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from '../i18n';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { useCompany } from './api';
import { CompanyForm } from './company-form';

/** /companies/new and /companies/{id}: one page, the route without an id is the new company. */
export default function CompanyPage() {
  const { id } = useParams();
  return id ? <EditCompany id={id} /> : <CompanyForm company={null} />;
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
    return <CompanyForm key={`${id}:${generation}`} company={query.data} onReload={() => void reload()} />;
  if (query.isPending) return <PageLoader />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <Text role="alert" c="red.9">
      {t('companies.form.loadFailed')}
    </Text>
  );
}
