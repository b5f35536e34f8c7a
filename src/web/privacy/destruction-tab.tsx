import { useState } from 'react';
import { Badge, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { formatDay, formatInstant } from '../../shared/intl';
import { useConfirm } from '../components/confirm-dialog';
import { reportError } from '../components/server-errors';
import { TableOrCards } from '../components/table-or-cards';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useDestroy, useDestructions, useDue } from './api';

const WHAT = {
  owners: 1,
  documents: 1,
  events: 1,
  presentations: 1,
  notes: 1,
  financial_statements: 1,
  request_notes: 1,
} as const;

/** What is due for destruction, destroyed item by item or by batch; the backups to discard; the log. */
export function DestructionTab() {
  const { t, i18n } = useTranslation();
  const due = useDue();
  const log = useDestructions();
  const destroy = useDestroy();
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const day = (value: string) => formatDay(value, i18n.language) ?? value;
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  };
  const pick = (kind: 'file' | 'document', id: string, name: string, blocked: boolean) => (
    <Checkbox
      checked={selected.has(`${kind}:${id}`)}
      disabled={blocked}
      onChange={() => toggle(`${kind}:${id}`)}
      aria-label={t('privacy.due.select', { name })}
    />
  );
  const data = due.data;
  const nothing = data && data.files.length === 0 && data.documents.length === 0;

  const onDestroy = () =>
    confirm({
      text: t('privacy.due.confirm', { count: selected.size }),
      confirmLabel: t('privacy.due.destroy'),
      danger: true,
      onConfirm: () =>
        destroy.mutate(
          [...selected].map((key) => {
            const [kind, id] = key.split(':') as ['file' | 'document', string];
            return { kind, id };
          }),
          {
            onSuccess: (done) => {
              setSelected(new Set());
              toast('success', t('privacy.due.destroyed', { count: done.length }));
            },
            onError: (error) => reportError(error),
          },
        ),
    });

  return (
    <Stack>
      {nothing && <Text c="gray.7">{t('privacy.due.empty')}</Text>}
      {data && data.files.length > 0 && (
        <>
          <Title order={2} size="h4">
            {t('privacy.due.files')}
          </Title>
          <TableOrCards
            label={t('privacy.due.files')}
            rows={data.files}
            rowKey={(row) => row.id}
            columns={[
              {
                key: 'pick',
                header: t('privacy.due.select', { name: '' }).trim(),
                cell: (row) => pick('file', row.id, row.name, row.blockers.length > 0),
              },
              {
                key: 'name',
                header: t('privacy.log.kind.file'),
                cell: (row) => `${row.name} (${row.referenceNumber})`,
                rowHeader: true,
                head: true,
              },
              { key: 'closed', header: t('privacy.due.closedOn'), cell: (row) => day(row.closedOn) },
              { key: 'due', header: t('privacy.due.dueOn'), cell: (row) => day(row.dueOn) },
              {
                key: 'blockers',
                header: t('privacy.due.blocked'),
                cell: (row) =>
                  row.blockers.length === 0
                    ? '—'
                    : row.blockers.map((blocker) => (
                        <Badge key={blocker.message} color="red.9" variant="outline" mr={4}>
                          {blocker.message}
                        </Badge>
                      )),
              },
            ]}
          />
        </>
      )}
      {data && data.documents.length > 0 && (
        <>
          <Title order={2} size="h4">
            {t('privacy.due.documents')}
          </Title>
          <TableOrCards
            label={t('privacy.due.documents')}
            rows={data.documents}
            rowKey={(row) => row.id}
            columns={[
              {
                key: 'pick',
                header: t('privacy.due.select', { name: '' }).trim(),
                cell: (row) => pick('document', row.id, row.name, false),
              },
              {
                key: 'name',
                header: t('privacy.log.kind.document'),
                cell: (row) => row.name,
                rowHeader: true,
                head: true,
              },
              { key: 'company', header: t('privacy.log.kind.file'), cell: (row) => row.company.name },
              { key: 'category', header: t('privacy.retention.category'), cell: (row) => row.categoryName },
              { key: 'due', header: t('privacy.due.dueOn'), cell: (row) => day(row.dueOn) },
            ]}
          />
        </>
      )}
      {data && !nothing && (
        <div>
          <Button color="red.9" disabled={selected.size === 0} loading={destroy.isPending} onClick={onDestroy}>
            {t('privacy.due.destroy')}
          </Button>
        </div>
      )}
      {data && data.backups.length > 0 && (
        <>
          <Title order={2} size="h4">
            {t('privacy.due.backups')}
          </Title>
          <Text>{t('privacy.due.backupsIntro')}</Text>
          <ul>
            {data.backups.map((backup) => (
              <li key={backup.id}>
                {formatInstant(backup.createdAt, i18n.language)} — {backup.fileName ?? backup.id} (
                {t('privacy.due.destructionsSince', { count: backup.destructionsSince })})
              </li>
            ))}
          </ul>
        </>
      )}
      <Title order={2} size="h4">
        {t('privacy.log.title')}
      </Title>
      {log.data && log.data.length === 0 && <Text c="gray.7">{t('privacy.log.empty')}</Text>}
      {log.data && log.data.length > 0 && (
        <TableOrCards
          label={t('privacy.log.title')}
          rows={log.data}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'at',
              header: t('privacy.log.at'),
              cell: (row) => formatInstant(row.destroyedAt, i18n.language),
              rowHeader: true,
              head: true,
            },
            {
              key: 'kind',
              header: t('privacy.log.kind.file'),
              cell: (row) => `${t(`privacy.log.kind.${row.kind}`)} ${row.referenceNumber}`,
            },
            {
              key: 'counts',
              header: t('privacy.log.counts'),
              cell: (row) =>
                Object.entries(row.counts)
                  .filter(([, count]) => count > 0)
                  .map(
                    ([what, count]) =>
                      `${what in WHAT ? t(`privacy.log.what.${what as keyof typeof WHAT}`) : what} : ${count}`,
                  )
                  .join(', '),
            },
            { key: 'categories', header: t('privacy.log.categories'), cell: (row) => row.categories.join(', ') || '—' },
            { key: 'by', header: t('privacy.log.by'), cell: (row) => row.destroyedBy?.name ?? '—' },
          ]}
        />
      )}
    </Stack>
  );
}
