import { useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../i18n';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { useCompany } from './api';
import { CompanyForm } from './company-form';
import { AnalysisSection } from './analysis-section';

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
    return (
      <Stack>
        <CompanyForm key={`${id}:${generation}`} company={query.data} onReload={() => void reload()} />
        {/* Read from the saved file (ADR 0020): the analysis and the printable file follow each save. */}
        <AnalysisSection statements={query.data.financialStatements} />
        <Group>
          <Anchor component={Link} to={`/companies/${id}/file`}>
            {t('portfolio.file.printLabel')}
          </Anchor>
        </Group>
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
