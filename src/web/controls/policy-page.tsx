import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Lookup } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import { CONTROLLED_KINDS, type ControlledKind } from '../../shared/controls/rules';
import type { ApprovalPolicyAnswer } from '../../shared/schemas/controls';
import { formatInstant } from '../../shared/intl';
import { ApiError } from '../api/client';
import { useLookup } from '../api/lookups';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { usePolicy, useSavePolicy } from './api';

type Draft = Record<ControlledKind, { on: boolean; from: string }>;

const emptyDraft = (): Draft =>
  Object.fromEntries(CONTROLLED_KINDS.map((kind) => [kind, { on: false, from: '0' }])) as Draft;

/** A fund's two-person approval policy, for administrators: which moves wait for a second person, from what amount. */
function PolicyForm({ fundId }: { fundId: string }) {
  const policy = usePolicy(fundId);
  if (policy.isPending) return <PageLoader />;
  if (policy.isError) return <Text role="alert">{policy.error.message}</Text>;
  return <PolicyEditor key={policy.data.updatedAt ?? 'none'} fundId={fundId} policy={policy.data} />;
}

function draftOf(policy: ApprovalPolicyAnswer): Draft {
  const next = emptyDraft();
  for (const rule of policy.rules) next[rule.kind] = { on: true, from: String(rule.fromAmount) };
  return next;
}

function PolicyEditor({ fundId, policy }: { fundId: string; policy: ApprovalPolicyAnswer }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const save = useSavePolicy(fundId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy));
  const [outside, setOutside] = useState(policy.outsidePipelineAlways);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const kinds = CONTROLLED_KINDS.filter((kind) => draft[kind].on);
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        rules: kinds.map((kind) => ({ kind, fromAmount: draft[kind].from })),
        outsidePipelineAlways: outside,
      });
      toast('success', t('controls.policy.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const found: Record<string, string> = {};
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          const kind = kinds[Number(/^rules\.(\d+)\./.exec(path)?.[1])];
          if (kind) found[kind] = message;
        }
        setErrors(found);
      }
      reportError(error);
    }
  };

  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('controls.policy.intro')}</Text>
            {CONTROLLED_KINDS.map((kind) => (
              <Group key={kind} align="start" wrap="wrap">
                <Checkbox
                  w={260}
                  label={t(`controls.kind.${kind}`)}
                  checked={draft[kind].on}
                  onChange={(event) =>
                    setDraft({ ...draft, [kind]: { ...draft[kind], on: event.currentTarget.checked } })
                  }
                />
                <TextInput
                  label={`${t(`controls.kind.${kind}`)} — ${t('controls.policy.fromAmount')}`}
                  inputMode="decimal"
                  disabled={!draft[kind].on}
                  value={draft[kind].from}
                  error={errors[kind]}
                  onChange={(event) =>
                    setDraft({ ...draft, [kind]: { ...draft[kind], from: event.currentTarget.value } })
                  }
                />
              </Group>
            ))}
            <Checkbox
              label={t('controls.policy.outsidePipelineAlways')}
              checked={outside}
              onChange={(event) => setOutside(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('controls.policy.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={2}>{t('controls.policy.changes')}</Title>
      {policy.changes.length === 0 ? (
        <Text>{t('controls.policy.noChanges')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {policy.changes.map((change) => (
              <Table.Tr key={change.insertedAt}>
                <Table.Td>
                  {t('controls.policy.changedBy', {
                    name: change.authorName ?? '—',
                    when: formatInstant(change.insertedAt, locale),
                  })}
                </Table.Td>
                <Table.Td>
                  {change.after.rules.map((rule) => t(`controls.kind.${rule.kind}`)).join(', ') || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default function PolicyPage() {
  const { t } = useTranslation();
  const funds = useLookup<Lookup>('/contribution_funds');
  const [fundId, setFundId] = useState('');
  const options = funds.data ?? [];
  return (
    <Stack maw={760}>
      <Title order={1}>{t('controls.policy.title')}</Title>
      <NativeSelect
        label={t('controls.policy.fund')}
        value={fundId}
        onChange={(event) => setFundId(event.currentTarget.value)}
        data={[{ value: '', label: '—' }, ...options.map((fund) => ({ value: fund.id, label: fund.name }))]}
      />
      {fundId && <PolicyForm key={fundId} fundId={fundId} />}
    </Stack>
  );
}
