import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  ACCOUNT_ROLES,
  REQUIRED_ACCOUNT_ROLES,
  type Account,
  type AccountRole,
} from '../../shared/accounting/accounts';
import { toCamel } from '../../shared/case';
import type { Lookup } from '../../shared/companies';
import { formatDay } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { api, ApiError } from '../api/client';
import { useLookup } from '../api/lookups';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { ScrollTable } from '../components/scroll-table';
import { useTranslation } from '../i18n';
import { useSession } from '../session/session';
import { monthKeys } from './api';

type Chart = Record<AccountRole, Account>;
interface ChartMeta {
  history: { id: string; authorName: string | null; at: string }[];
}

const blank = (): Chart => Object.fromEntries(ACCOUNT_ROLES.map((role) => [role, { number: '', name: '' }])) as Chart;

/** /month-end/accounts?fund_id=… (docs/decisions/0070): the accounts a fund's entries use, per role. */
export default function AccountsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const session = useSession();
  const funds = useLookup<Lookup>('/contribution_funds');
  const [params, setParams] = useSearchParams();
  const fundId = params.get('fund_id') ?? funds.data?.[0]?.id ?? '';
  const chart = useQuery({
    queryKey: [...monthKeys.chart(fundId), locale],
    queryFn: async () => api<Record<string, Account | null>, ChartMeta>('GET', `/funds/${fundId}/accounts`),
    enabled: fundId !== '',
  });
  const readOnly = !session.isAdmin;

  return (
    <Stack maw={900}>
      <Anchor component={RouterLink} to="/month-end">
        {t('accounting.page.title')}
      </Anchor>
      <Title order={1}>{t('accounting.page.accounts')}</Title>
      <Text>{t('accounting.page.accountsIntro')}</Text>
      {readOnly && <Alert color="blue">{t('accounting.page.adminOnly')}</Alert>}
      <NativeSelect
        label={t('accounting.page.fund')}
        data={(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name }))}
        value={fundId}
        onChange={(event) => setParams({ fund_id: event.currentTarget.value })}
        maw={400}
      />
      {chart.data && (
        <ChartForm
          key={`${fundId}:${chart.dataUpdatedAt}`}
          fundId={fundId}
          initial={chartOf(chart.data.data)}
          readOnly={readOnly}
        />
      )}
      {chart.data && chart.data.meta.history.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('accounting.page.history')}
          </Title>
          <List size="sm">
            {chart.data.meta.history.map((change) => (
              <List.Item key={change.id}>
                {`${formatDay(todayIso(new Date(change.at)), locale) ?? change.at} · ${change.authorName ?? '—'}`}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

const chartOf = (data: Record<string, Account | null>): Chart => {
  const next = blank();
  for (const role of ACCOUNT_ROLES) next[role] = data[toCamel(role)] ?? { number: '', name: '' };
  return next;
};

/** The chart's form: what was typed stays after a refusal, each refused field saying why under it. */
function ChartForm({ fundId, initial, readOnly }: { fundId: string; initial: Chart; readOnly: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState<Chart>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      api('PUT', `/funds/${fundId}/accounts`, {
        body: Object.fromEntries(
          ACCOUNT_ROLES.map((role) => [role, values[role].number || values[role].name ? values[role] : null]),
        ),
      }),
    onSuccess: () => {
      toast('success', t('accounting.page.saved'));
      void client.invalidateQueries({ queryKey: ['accounting'] });
    },
    onError: (error) => {
      // What was typed stays; each refused field says why under it.
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      else reportError(error);
    },
  });

  const set = (role: AccountRole, field: keyof Account, value: string) =>
    setValues((current) => ({ ...current, [role]: { ...current[role], [field]: value } }));

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('accounting.page.accounts')}
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        save.mutate();
      }}
    >
      <ScrollTable>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('accounting.columns.entry')}</Table.Th>
              <Table.Th scope="col">{t('accounting.page.number')}</Table.Th>
              <Table.Th scope="col">{t('accounting.page.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ACCOUNT_ROLES.map((role) => {
              const label = `${t(`accounting.roles.${role}`)}${
                (REQUIRED_ACCOUNT_ROLES as readonly string[]).includes(role)
                  ? ''
                  : ` (${t('accounting.page.optional')})`
              }`;
              return (
                <Table.Tr key={role}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td>
                    <TextInput
                      aria-label={`${label} — ${t('accounting.page.number')}`}
                      value={values[role].number}
                      readOnly={readOnly}
                      error={errors[`${role}.number`]}
                      onChange={(event) => set(role, 'number', event.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${label} — ${t('accounting.page.name')}`}
                      value={values[role].name}
                      readOnly={readOnly}
                      error={errors[`${role}.name`]}
                      onChange={(event) => set(role, 'name', event.currentTarget.value)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {!readOnly && (
        <Group mt="md">
          <Button type="submit" loading={save.isPending} disabled={!fundId}>
            {t('accounting.page.save')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
