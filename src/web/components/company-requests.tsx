import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatAmount } from '../../shared/portfolio/ratios';
import { useCompanyRequests } from '../api/funding-requests';
import { useTranslation } from '../i18n';

/**
 * A company's funding requests on its page, each opening the request, and the way to a new one. Here rather
 * than in the pipeline feature: the company page shows it and may not import another feature.
 */
export function CompanyRequests({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const requests = useCompanyRequests(companyId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="company-requests-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="company-requests-title">
          {t('pipeline.company.title')}
        </Title>
        <Button component={Link} to={`/requests/new?company_id=${companyId}`} variant="light">
          {t('pipeline.request.new')}
        </Button>
      </Group>
      {requests.isError ? (
        <Text role="alert" c="red.9">
          {t('pipeline.board.loadFailed')}
        </Text>
      ) : requests.data?.length === 0 ? (
        <Text c="gray.7">{t('pipeline.company.none')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('pipeline.company.label')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {(requests.data ?? []).map((request) => (
            <Group component="li" key={request.id} gap="sm" wrap="wrap">
              <Anchor component={Link} to={`/requests/${request.id}`} fw={500}>
                {request.projectName}
              </Anchor>
              <Badge color="blue.9" variant="outline">
                {t(`pipeline.state.${request.state}`)}
              </Badge>
              <Text size="sm">{formatAmount(request.totalAmount, i18n.language)}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
