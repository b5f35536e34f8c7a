import { useId } from 'react';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import type { CompanySummary } from '../../shared/companies';
import { CheckIcon } from './icons';

/**
 * One company of the list (docs/SPEC.md §2): avatar, name, status, Select and Show. The status colour is a
 * dot beside dark text, so the label keeps a 4.5:1 contrast whatever the colour.
 */
export function CompanyCard({
  company,
  current,
  onSelect,
}: {
  company: CompanySummary;
  current: boolean;
  onSelect: (company: CompanySummary) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={company.avatarUrl} alt="" size={56} radius="md" color="blue.8" variant="filled">
          {/* White on dark blue: the light variant wrote a pale initial on a pale ground. */}
          <span aria-hidden>{company.name.slice(0, 1).toUpperCase()}</span>
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Title>
          <Text size="sm" c="gray.7">
            {t('companies.card.referenceNumber', { referenceNumber: company.referenceNumber })}
          </Text>
          <Group gap="xs">
            <Badge variant="dot" color={company.status.color} c="dark.7" size="md" tt="none">
              {company.status.name}
            </Badge>
            {company.archivedAt && (
              <Badge variant="outline" color="gray.8" size="md" tt="none">
                {t('companies.card.archived')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Group justify="space-between" mt="md" wrap="wrap">
        {current ? (
          <Group gap={6} c="teal.9" data-testid="current-mark">
            <CheckIcon />
            <Text size="sm" fw={600} c="teal.9">
              {t('companies.card.current')}
            </Text>
          </Group>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button
            variant="default"
            disabled={current}
            onClick={() => onSelect(company)}
            aria-label={t('companies.card.selectLabel', { name: company.name })}
          >
            {t('companies.card.select')}
          </Button>
          <Button
            component={Link}
            to={`/companies/${company.id}`}
            variant="light"
            aria-label={t('companies.card.showLabel', { name: company.name })}
          >
            {t('companies.card.show')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
