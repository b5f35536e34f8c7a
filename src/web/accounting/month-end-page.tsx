import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { monthEnd, previousMonthEnd } from '../../shared/accounting/periods';
import type { Lookup } from '../../shared/companies';
import { formatDay, formatMoney } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { api, downloadFile } from '../api/client';
import { useLookup } from '../api/lookups';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { failureText } from '../components/query-state';
import { ScrollTable } from '../components/scroll-table';
import { useTranslation } from '../i18n';
import { useSession } from '../session/session';
import { monthKeys, type AccruedAnswer, type PeriodsAnswer, type PreviewAnswer } from './api';

const FORMATS = ['qbo', 'sage50', 'csv'] as const;

/**
 * /month-end (docs/decisions/0070, 0071): the last closed month, what is not yet exported, the interest accrued at
 * the month's end, and the three steps in order — export, accrue, close — each saying first what it does. Staff
 * read; administrators act.
 */
export default function MonthEndPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const session = useSession();
  const client = useQueryClient();
  const funds = useLookup<Lookup>('/contribution_funds');
  const [month, setMonth] = useState(previousMonthEnd(todayIso()).slice(0, 7));
  const [fundId, setFundId] = useState('');
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('qbo');
  const [onlyNew, setOnlyNew] = useState('true');
  const [showPreview, setShowPreview] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const validMonth = /^\d{4}-\d\d$/.test(month);
  const from = `${month}-01`;
  const to = validMonth ? monthEnd(from) : '';
  const query: Record<string, string> = { from, to, only_new: onlyNew };
  if (fundId) query['filter[fund_id]'] = fundId;

  const periods = useQuery({
    queryKey: monthKeys.periods,
    queryFn: async () => (await api<PeriodsAnswer>('GET', '/accounting/periods')).data,
  });
  const preview = useQuery({
    queryKey: [...monthKeys.preview(query), locale],
    queryFn: async () => (await api<PreviewAnswer>('GET', '/accounting/journal/preview', { query })).data,
    enabled: validMonth,
    retry: false,
  });
  const accrualQuery: Record<string, string> = { as_of: to };
  if (fundId) accrualQuery['filter[fund_id]'] = fundId;
  const accrued = useQuery({
    queryKey: [...monthKeys.accrued(accrualQuery), locale],
    queryFn: async () =>
      (await api<AccruedAnswer>('GET', '/accounting/accrued_interest', { query: accrualQuery })).data,
    enabled: validMonth,
    retry: false,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['accounting'] });

  const exportFile = useMutation({
    mutationFn: () => downloadFile('/accounting/journal', { ...query, format }),
    onSuccess: refresh,
    onError: (error) => reportError(error),
  });
  const accrue = useMutation({
    mutationFn: () =>
      api<AccruedAnswer>('POST', '/accounting/accrued_interest', { body: { asOf: to, fundId: fundId || null } }),
    onSuccess: (answer) => {
      const amount = answer.data.recorded.reduce((sum, row) => sum + row.amountCents, 0);
      toast('success', t('accounting.page.accrued', { amount: formatMoney(amount / 100, locale) }));
      refresh();
    },
    onError: (error) => reportError(error),
  });
  const close = useMutation({
    mutationFn: () => api<PeriodsAnswer>('POST', '/accounting/periods/close', { body: { through: to } }),
    onSuccess: () => {
      toast('success', t('accounting.page.closed', { date: formatDay(to, locale) ?? to }));
      refresh();
    },
    onError: (error) => reportError(error),
  });
  const closedThrough = periods.data?.closedThrough ?? null;
  const reopen = useMutation({
    mutationFn: () =>
      api<PeriodsAnswer>('POST', '/accounting/periods/reopen', { body: { through: closedThrough, reason } }),
    onSuccess: () => {
      toast('success', t('accounting.page.reopened'));
      setReason('');
      setReasonError(null);
      refresh();
    },
    onError: (error) => {
      const field = (error as { fieldErrors?: Record<string, string> }).fieldErrors?.['reason'];
      if (field) setReasonError(field);
      else reportError(error);
    },
  });

  const p = (key: Parameters<typeof t>[0] extends infer K ? K : never) => t(key);
  const money = (cents: number) => formatMoney(cents / 100, locale);
  const lastExport = preview.data?.exports[0];
  const fundOptions = [
    { value: '', label: t('accounting.page.allFunds') },
    ...(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name })),
  ];

  return (
    <Stack maw={1000}>
      <Title order={1}>{p('accounting.page.title')}</Title>
      <Text>{t('accounting.page.intro')}</Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="month"
          label={t('accounting.page.month')}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          style={{ flex: '1 1 160px' }}
        />
        <NativeSelect
          label={t('accounting.page.fund')}
          data={fundOptions}
          value={fundId}
          onChange={(event) => setFundId(event.currentTarget.value)}
          style={{ flex: '2 1 220px' }}
        />
        <Anchor component={RouterLink} to={`/month-end/accounts${fundId ? `?fund_id=${fundId}` : ''}`}>
          {t('accounting.page.accounts')}
        </Anchor>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md" component="section" aria-label={t('accounting.page.lastClosed')}>
          <Text size="sm" c="gray.7">
            {t('accounting.page.lastClosed')}
          </Text>
          <Text fw={700} size="lg">
            {closedThrough ? (formatDay(closedThrough, locale) ?? closedThrough) : t('accounting.page.nothingClosed')}
          </Text>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t('accounting.page.notExported')}>
          <Text size="sm" c="gray.7">
            {t('accounting.page.notExported')}
          </Text>
          <Text fw={700} size="lg">
            {onlyNew === 'true' && preview.data ? preview.data.entries.length : '—'}
          </Text>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t('accounting.page.accruedAtEnd')}>
          <Text size="sm" c="gray.7">
            {t('accounting.page.accruedAtEnd')}
          </Text>
          <Text fw={700} size="lg">
            {accrued.data ? money(accrued.data.total) : '—'}
          </Text>
        </Paper>
      </SimpleGrid>

      {!session.isAdmin && <Alert color="blue">{t('accounting.page.adminOnly')}</Alert>}

      <Paper withBorder p="md" component="section" aria-labelledby="step-export">
        <Title order={2} size="h3" id="step-export">
          {t('accounting.page.step1')}
        </Title>
        <Text mb="sm">{t('accounting.page.step1What')}</Text>
        <Text size="sm" mb="sm">
          {lastExport
            ? t('accounting.page.exportedOn', {
                date: formatDay(todayIso(new Date(lastExport.at)), locale) ?? lastExport.at,
                name: lastExport.authorName ?? '—',
                count: lastExport.entriesCount,
              })
            : t('accounting.page.neverExported')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('accounting.page.format')}
            data={FORMATS.map((value) => ({ value, label: t(`accounting.formats.${value}`) }))}
            value={format}
            onChange={(event) => setFormat(event.currentTarget.value as (typeof FORMATS)[number])}
          />
          <Radio.Group value={onlyNew} onChange={setOnlyNew} label={t('accounting.page.entries')}>
            <Group mt={4}>
              <Radio value="true" label={t('accounting.page.onlyNew')} />
              <Radio value="false" label={t('accounting.page.all')} />
            </Group>
          </Radio.Group>
          <Button variant="default" onClick={() => setShowPreview(true)}>
            {t('accounting.page.preview')}
          </Button>
          {session.isAdmin && (
            <Button loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
              {t('accounting.page.download')}
            </Button>
          )}
        </Group>
        {preview.isError && (
          <Text role="alert" c="red.9" mt="sm">
            {failureText(preview.error, t('errors.generic'))}
          </Text>
        )}
        {preview.data && preview.data.unmapped.length > 0 && (
          // Orange's own title and the links' blue fail contrast on its light background: dark words, underlined links.
          <Alert
            color="orange"
            mt="sm"
            title={t('accounting.page.unmapped')}
            styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
          >
            <List size="sm">
              {preview.data.unmapped.map((u) => (
                <List.Item key={`${u.fundId}:${u.role}`}>
                  <Anchor
                    component={RouterLink}
                    to={`/month-end/accounts?fund_id=${u.fundId}`}
                    c="dark.9"
                    underline="always"
                  >
                    {t('accounting.errors.unmappedAccount', {
                      fund: u.fundName,
                      role: t(`accounting.roles.${u.role}`),
                    })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {showPreview && preview.data && (
          <Stack mt="md" gap="xs">
            {preview.data.entries.length === 0 ? (
              <Text>{t('accounting.page.noEntries')}</Text>
            ) : (
              <ScrollTable>
                <Table striped miw={640} aria-label={t('accounting.page.entries')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('accounting.columns.entry')}</Table.Th>
                      <Table.Th scope="col">{t('accounting.columns.date')}</Table.Th>
                      <Table.Th scope="col">{t('accounting.columns.accountName')}</Table.Th>
                      <Table.Th scope="col" style={{ textAlign: 'right' }}>
                        {t('accounting.columns.debit')}
                      </Table.Th>
                      <Table.Th scope="col" style={{ textAlign: 'right' }}>
                        {t('accounting.columns.credit')}
                      </Table.Th>
                      <Table.Th scope="col">{t('accounting.columns.description')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.data.entries.flatMap((entry) =>
                      entry.lines.map((line, i) => (
                        <Table.Tr key={`${entry.key}:${line.role}`}>
                          <Table.Td>{i === 0 ? entry.number : ''}</Table.Td>
                          <Table.Td>{i === 0 ? entry.date : ''}</Table.Td>
                          <Table.Td>
                            {line.accountNumber
                              ? `${line.accountNumber} ${line.accountName}`
                              : t(`accounting.roles.${line.role}`)}
                          </Table.Td>
                          <Table.Td style={{ textAlign: 'right' }}>{line.debit ? money(line.debit) : ''}</Table.Td>
                          <Table.Td style={{ textAlign: 'right' }}>{line.credit ? money(line.credit) : ''}</Table.Td>
                          <Table.Td>{i === 0 ? entry.description : ''}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th scope="row" colSpan={3}>
                        {t('accounting.page.totals')}
                      </Table.Th>
                      <Table.Td style={{ textAlign: 'right' }}>{money(preview.data.totals.debit)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{money(preview.data.totals.credit)}</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </ScrollTable>
            )}
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="step-accrue">
        <Title order={2} size="h3" id="step-accrue">
          {t('accounting.page.step2')}
        </Title>
        <Text mb="sm">{t('accounting.page.step2What')}</Text>
        <Text mb="sm">
          {t('accounting.page.accruedAtEnd')} : {accrued.data ? money(accrued.data.total) : '—'}
        </Text>
        {session.isAdmin && (
          <Button loading={accrue.isPending} onClick={() => accrue.mutate()}>
            {t('accounting.page.accrue')}
          </Button>
        )}
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="step-close">
        <Title order={2} size="h3" id="step-close">
          {t('accounting.page.step3')}
        </Title>
        <Text mb="sm">{t('accounting.page.step3What')}</Text>
        {session.isAdmin && (
          <Button loading={close.isPending} onClick={() => close.mutate()}>
            {t('accounting.page.close')}
          </Button>
        )}
        {session.isAdmin && closedThrough && (
          <Stack
            component="form"
            mt="md"
            gap="xs"
            aria-label={t('accounting.page.reopenTitle', { date: formatDay(closedThrough, locale) ?? closedThrough })}
            onSubmit={(event) => {
              event.preventDefault();
              reopen.mutate();
            }}
          >
            <Title order={3} size="h4">
              {t('accounting.page.reopenTitle', { date: formatDay(closedThrough, locale) ?? closedThrough })}
            </Title>
            <TextInput
              label={t('accounting.page.reason')}
              value={reason}
              error={reasonError}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group>
              <Button type="submit" variant="default" loading={reopen.isPending}>
                {t('accounting.page.reopen')}
              </Button>
            </Group>
          </Stack>
        )}
        {periods.data && periods.data.history.length > 0 && (
          <Stack mt="md" gap={4}>
            <Title order={3} size="h5">
              {t('accounting.page.history')}
            </Title>
            <List size="sm">
              {periods.data.history.slice(0, 10).map((change) => (
                <List.Item key={change.id}>
                  {`${formatDay(todayIso(new Date(change.at)), locale) ?? change.at} · ${change.authorName ?? '—'} · ${
                    change.action === 'close' ? t('accounting.page.close') : t('accounting.page.reopen')
                  } ${formatDay(change.through, locale) ?? change.through}${change.reason ? ` — ${change.reason}` : ''}`}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
