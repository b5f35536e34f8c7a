import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { BuildingIcon } from './icons';

/** docs/SPEC.md §2 "Onboarding": no active company yet, so the first step is to create one. */
export function Onboarding() {
  const { t } = useTranslation();
  return (
    <EmptyState py="xl" icon={<BuildingIcon />} data-testid="onboarding">
      <EmptyState.Title order={2}>{t('companies.onboarding.title', { appName: t('common.appName') })}</EmptyState.Title>
      <EmptyState.Description c="gray.7">{t('companies.onboarding.text')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/companies/new" size="md">
          {t('companies.onboarding.action')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
