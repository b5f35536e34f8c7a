import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { ApiError } from '../api/client';
import { useNoticeHold, useNoticeList, useUpcomingNotices, type UpcomingNotice } from '../api/notices';
import { QueryState } from '../components/query-state';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';

/**
 * /notices (docs/decisions/0073): "Tomorrow's sends" — who will get what and why, so staff can hold a company —
 * and the "cannot notify" list: notices refused by the mail server, and companies with nobody to write to.
 */
export default function NoticesPage() {
  const { t, i18n } = useTranslation();
  const tomorrow = addDays(todayIso(), 1);
  const upcoming = useUpcomingNotices(tomorrow);
  const failed = useNoticeList('failed');
  const [holding, setHolding] = useState<UpcomingNotice | null>(null);
  return (
    <Stack>
      <Title order={1}>{t('notices.upcoming.title')}</Title>
      <Text>{t('notices.upcoming.intro', { date: formatDay(tomorrow, i18n.language) ?? tomorrow })}</Text>
      <QueryState query={upcoming}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="gray.7">{t('notices.upcoming.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label={t('notices.upcoming.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('notices.upcoming.company')}</Table.Th>
                    <Table.Th>{t('notices.upcoming.notice')}</Table.Th>
                    <Table.Th>{t('notices.upcoming.why')}</Table.Th>
                    <Table.Th>{t('notices.upcoming.recipient')}</Table.Th>
                    <Table.Th>{t('notices.upcoming.hold')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Td>
                        <Anchor component={Link} to={`/companies/${row.companyId}`}>
                          {row.companyName}
                        </Anchor>
                        {row.loanNumber && (
                          <Text size="xs" c="gray.7">
                            {row.loanNumber}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{t(`notices.kind.${row.kind}`)}</Table.Td>
                      <Table.Td>{row.reason}</Table.Td>
                      <Table.Td>
                        {row.recipient ? (
                          `${row.recipient.name} <${row.recipient.email}>`
                        ) : (
                          <Badge color="red.9" c="red.9" variant="outline">
                            {t('notices.upcoming.noRecipient')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {row.held ? (
                          <Badge color="dark" c="dark" variant="outline" title={row.holdReason ?? ''}>
                            {t('notices.upcoming.held')}
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`${t('notices.upcoming.hold')} — ${row.companyName}`}
                            onClick={() => setHolding(row)}
                          >
                            {t('notices.upcoming.hold')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {holding && <HoldModal notice={holding} onClose={() => setHolding(null)} />}

      <Paper withBorder p="md" component="section" aria-labelledby="cannot-notify-title">
        <Title order={2} size="h3" id="cannot-notify-title">
          {t('notices.cannotNotify.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t('notices.cannotNotify.intro')}
        </Text>
        <QueryState query={failed}>
          {(rows) =>
            rows.length === 0 ? (
              <Text c="gray.7">{t('notices.cannotNotify.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table aria-label={t('notices.cannotNotify.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('notices.cannotNotify.day')}</Table.Th>
                      <Table.Th>{t('notices.upcoming.company')}</Table.Th>
                      <Table.Th>{t('notices.upcoming.notice')}</Table.Th>
                      <Table.Th>{t('notices.cannotNotify.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{formatDay(row.day, i18n.language)}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={`/companies/${row.companyId}`}>
                            {row.companyName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{t(`notices.kind.${row.kind}`)}</Table.Td>
                        <Table.Td>{row.problem}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
    </Stack>
  );
}

function HoldModal({ notice, onClose }: { notice: UpcomingNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const hold = useNoticeHold();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal opened onClose={onClose} title={t('notices.upcoming.holdTitle', { company: notice.companyName })}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          hold.mutate(
            { companyId: notice.companyId, held: true, reason },
            {
              onSuccess: () => {
                toast('success', t('notices.contacts.holdSaved'));
                onClose();
              },
              onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors['reason'] ?? e.body.message) : undefined),
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('notices.contacts.holdReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('notices.contacts.cancel')}
            </Button>
            <Button type="submit" loading={hold.isPending}>
              {t('notices.upcoming.confirmHold')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
