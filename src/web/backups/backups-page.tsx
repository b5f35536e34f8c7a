import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { BackupSummary } from '../../shared/backups';
import type { Locale } from '../../shared/constants';
import { ApiError, downloadFile } from '../api/client';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useBackups, useStartBackup } from './api';
import { formatInstant, numberFormat } from '../../shared/intl';

/** Dark shades: the badge text must keep a 4.5:1 contrast on white. */
const STATUS_COLORS = { running: 'blue.9', succeeded: 'teal.9', failed: 'red.9' } as const;

function formatSize(bytes: number | null, locale: Locale): string {
  if (bytes === null) return '—';
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes, 1) / 1024, 'kilobyte'];
  return numberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** /backups (administrators, ADR 0024): the backups with date, size and outcome; start one; download one. */
export default function BackupsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const backups = useBackups();
  const start = useStartBackup();
  const formatDate = (iso: string) => formatInstant(iso, locale);
  const running = backups.data?.some((b) => b.status === 'running') ?? false;

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: () => toast('success', t('backups.started')),
      onError: (error) =>
        toast('error', error instanceof ApiError && error.body.message ? error.body.message : t('errors.generic')),
    });
  const onDownload = (backup: BackupSummary) =>
    void downloadFile(`/backups/${backup.id}/download`).catch((error: unknown) =>
      toast('error', error instanceof ApiError && error.body.message ? error.body.message : t('errors.generic')),
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('backups.title')}</Title>
        <Button onClick={onStart} loading={start.isPending} disabled={running}>
          {t('backups.start')}
        </Button>
      </Group>
      <Text>{t('backups.intro')}</Text>
      {backups.isPending ? (
        <PageLoader />
      ) : backups.isError ? (
        <Text role="alert">{t('errors.generic')}</Text>
      ) : backups.data.length === 0 ? (
        <Text c="gray.7">{t('backups.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backups.columns.date')}</Table.Th>
                <Table.Th>{t('backups.columns.size')}</Table.Th>
                <Table.Th>{t('backups.columns.outcome')}</Table.Th>
                <Table.Th>{t('backups.columns.trigger')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('backups.download')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.data.map((backup) => (
                <Table.Tr key={backup.id}>
                  <Table.Td>{formatDate(backup.createdAt)}</Table.Td>
                  <Table.Td>{formatSize(backup.size, locale)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[backup.status]} variant="outline">
                      {t(`backups.status.${backup.status}`)}
                    </Badge>
                    {backup.status === 'failed' && (
                      <Text size="sm" c="gray.8">
                        {t('backups.failedHint')}
                      </Text>
                    )}
                    {backup.status === 'succeeded' && backup.missingFiles > 0 && (
                      <Text size="sm" c="gray.8">
                        {t('backups.missingFiles', { count: numberFormat(locale).format(backup.missingFiles) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`backups.trigger.${backup.trigger}`)}</Table.Td>
                  <Table.Td>
                    {backup.status === 'succeeded' && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => onDownload(backup)}
                        aria-label={t('backups.downloadLabel', { date: formatDate(backup.createdAt) })}
                      >
                        {t('backups.download')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
