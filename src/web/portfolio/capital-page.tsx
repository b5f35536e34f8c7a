import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney } from '../../shared/intl';
import {
  fundCapitalInputSchema,
  type FundCapitalFormValues,
  type FundCapitalInput,
  type FundFigures,
} from '../../shared/schemas/portfolio-figures';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useFundFigures, useSaveCapital } from './figures-api';
import { QueryState } from '../components/query-state';

/** /portfolio/capital (administrators): what the body may lend from each fund. */
export default function CapitalPage() {
  const { t } = useTranslation();
  const funds = useFundFigures(null);
  return (
    <Stack maw={760}>
      <Title order={1}>{t('servicing.portfolio.settings.capital.title')}</Title>
      <Text>{t('servicing.portfolio.settings.capital.intro')}</Text>
      <QueryState query={funds}>
        {(data) => data.funds.map((fund) => <CapitalForm key={`${fund.fundId}:${fund.capital ?? ''}`} fund={fund} />)}
      </QueryState>
    </Stack>
  );
}

function CapitalForm({ fund }: { fund: FundFigures }) {
  const { t, i18n } = useTranslation();
  const form = useForm<FundCapitalFormValues, unknown, FundCapitalInput>({
    mode: 'all',
    resolver: zodResolver(fundCapitalInputSchema),
    defaultValues: { capital: fund.capital === null ? '' : fund.capital.toFixed(2) },
  });
  useUnsavedChanges(form.formState.isDirty);
  const save = useSaveCapital();
  const c = (key: KeyUnder<'servicing.portfolio.settings.capital'>) =>
    t(`servicing.portfolio.settings.capital.${key}`, { fund: fund.fundName });
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { fundId: fund.fundId, ...input },
      {
        onSuccess: (saved) =>
          toast(
            'success',
            appI18n.t(`servicing.portfolio.settings.capital.${saved.capital === null ? 'cleared' : 'saved'}`, {
              fund: fund.fundName,
            }),
          ),
        onError: (error) => reportError(error, { setError: form.setError }),
      },
    ),
  );
  return (
    <Paper withBorder p="md" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" wrap="wrap">
        <TextField
          form={form}
          name="capital"
          label={c('label')}
          description={c('empty')}
          inputMode="decimal"
          autoComplete="off"
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" mt={25} loading={save.isPending} aria-label={c('saveLabel')}>
          {c('save')}
        </Button>
      </Group>
      {fund.capital !== null && (
        <Text size="sm" c="gray.7" mt="xs">
          {t('servicing.portfolio.settings.capital.available', {
            amount: formatMoney(fund.available ?? 0, i18n.language),
          })}
        </Text>
      )}
    </Paper>
  );
}
