import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  NOTICE_KINDS,
  STATEMENT_FREQUENCIES,
  type NoticeKind,
  type StatementFrequency,
} from '../../shared/notices/rules';
import { ApiError } from '../api/client';
import {
  useFunds,
  useNoticeSettings,
  useNoticeTemplate,
  usePreviewLoans,
  usePreviewNotice,
  useSaveNoticeSettings,
  useSaveNoticeTemplate,
  type NoticeSettings,
  type NoticeTemplate,
  type TemplateTexts,
} from '../api/notices';
import { QueryState } from '../components/query-state';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body.message ? error.body.message : fallback;

/** /settings/notices (administrators, docs/decisions/0073): each fund's notices, and the notices' texts. */
export default function NoticeSettingsPage() {
  const { t } = useTranslation();
  const funds = useFunds();
  const [fundId, setFundId] = useState<string | null>(null);
  const chosen = fundId ?? funds.data?.[0]?.id ?? null;
  return (
    <Stack maw={860}>
      <Title order={1}>{t('notices.settings.title')}</Title>
      <Text>{t('notices.settings.intro')}</Text>
      <Select
        label={t('notices.settings.fund')}
        data={(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name }))}
        value={chosen}
        onChange={setFundId}
        allowDeselect={false}
        maw={420}
      />
      {chosen && <FundSettings key={chosen} fundId={chosen} />}
      <Templates />
    </Stack>
  );
}

function FundSettings({ fundId }: { fundId: string }) {
  const query = useNoticeSettings(fundId);
  return <QueryState query={query}>{(settings) => <FundSettingsForm settings={settings} />}</QueryState>;
}

function FundSettingsForm({ settings }: { settings: NoticeSettings }) {
  const { t } = useTranslation();
  const save = useSaveNoticeSettings();
  const [values, setValues] = useState(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<NoticeSettings>) => setValues((v) => ({ ...v, ...change }));
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      aria-label={t('notices.settings.title')}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        const { updatedAt: _updatedAt, ...body } = values;
        save.mutate(body, {
          onSuccess: () => {
            setErrors({});
            toast('success', t('notices.settings.saved'));
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
            toast('error', failure(error, t('errors.generic')));
          },
        });
      }}
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={t('notices.settings.paymentDue')}
            checked={values.paymentDueEnabled}
            onChange={(e) => set({ paymentDueEnabled: e.currentTarget.checked })}
          />
          <NumberInput
            label={t('notices.settings.paymentDueDays')}
            value={values.paymentDueDays}
            onChange={(value) => set({ paymentDueDays: typeof value === 'number' ? value : Number(value) })}
            min={1}
            max={60}
            error={errors['paymentDueDays']}
            w={200}
          />
        </Group>
        <Switch
          label={t('notices.settings.paymentLate')}
          checked={values.paymentLateEnabled}
          onChange={(e) => set({ paymentLateEnabled: e.currentTarget.checked })}
        />
        <Switch
          label={t('notices.settings.statementsDue')}
          checked={values.statementsDueEnabled}
          onChange={(e) => set({ statementsDueEnabled: e.currentTarget.checked })}
        />
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={t('notices.settings.statementOfAccount')}
            checked={values.statementOfAccountEnabled}
            onChange={(e) => set({ statementOfAccountEnabled: e.currentTarget.checked })}
          />
          <Select
            label={t('notices.settings.frequency')}
            data={STATEMENT_FREQUENCIES.map((f) => ({ value: f, label: t(`notices.frequency.${f}`) }))}
            value={values.statementOfAccountFrequency}
            onChange={(value) => value && set({ statementOfAccountFrequency: value as StatementFrequency })}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('notices.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Templates() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NoticeKind>('payment_late');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="notice-templates-title">
      <Title order={2} size="h3" id="notice-templates-title">
        {t('notices.templates.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('notices.templates.intro')}
      </Text>
      <Select
        label={t('notices.templates.kind')}
        data={NOTICE_KINDS.map((k) => ({ value: k, label: t(`notices.kind.${k}`) }))}
        value={kind}
        onChange={(value) => value && setKind(value as NoticeKind)}
        allowDeselect={false}
        maw={420}
        mb="sm"
      />
      <TemplateLoader key={kind} kind={kind} />
    </Paper>
  );
}

function TemplateLoader({ kind }: { kind: NoticeKind }) {
  const query = useNoticeTemplate(kind);
  return <QueryState query={query}>{(template) => <TemplateForm template={template} />}</QueryState>;
}

function TemplateForm({ template }: { template: NoticeTemplate }) {
  const { t } = useTranslation();
  const save = useSaveNoticeTemplate(template.kind);
  const preview = usePreviewNotice(template.kind);
  const loans = usePreviewLoans();
  const [texts, setTexts] = useState<TemplateTexts>({ fr: template.fr, en: template.en });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loanId, setLoanId] = useState<string | null>(null);
  const chosenLoan = loanId ?? loans.data?.[0]?.contributionId ?? null;
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
    toast('error', failure(error, t('errors.generic')));
  };
  const edit = (locale: 'fr' | 'en', part: 'subject' | 'body', value: string) =>
    setTexts((v) => ({ ...v, [locale]: { ...v[locale], [part]: value } }));
  const language = (locale: 'fr' | 'en') => (
    <Stack gap="sm">
      <TextInput
        label={t('notices.templates.subject')}
        value={texts[locale].subject}
        onChange={(e) => edit(locale, 'subject', e.currentTarget.value)}
        error={errors[`${locale}.subject`]}
      />
      <Textarea
        label={t('notices.templates.body')}
        value={texts[locale].body}
        onChange={(e) => edit(locale, 'body', e.currentTarget.value)}
        error={errors[`${locale}.body`]}
        autosize
        minRows={8}
      />
    </Stack>
  );
  return (
    <form
      noValidate
      aria-label={t('notices.templates.title')}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        save.mutate(texts, {
          onSuccess: () => {
            setErrors({});
            toast('success', t('notices.templates.saved'));
          },
          onError,
        });
      }}
    >
      <Stack>
        <Text size="sm">
          {t('notices.templates.fields')} : {template.fields.map((f) => `{{${f}}}`).join(', ')}
        </Text>
        <Tabs defaultValue="fr">
          <Tabs.List>
            <Tabs.Tab value="fr">{t('notices.templates.french')}</Tabs.Tab>
            <Tabs.Tab value="en">{t('notices.templates.english')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="fr" pt="sm">
            {language('fr')}
          </Tabs.Panel>
          <Tabs.Panel value="en" pt="sm">
            {language('en')}
          </Tabs.Panel>
        </Tabs>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('notices.templates.previewLoan')}
            data={(loans.data ?? []).map((loan) => ({
              value: loan.contributionId,
              label: `${loan.loanNumber} — ${loan.companyName}`,
            }))}
            value={chosenLoan}
            onChange={setLoanId}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button
            variant="default"
            disabled={!chosenLoan}
            loading={preview.isPending}
            onClick={() => chosenLoan && preview.mutate({ ...texts, loanId: chosenLoan }, { onError })}
          >
            {t('notices.templates.preview')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('notices.templates.save')}
          </Button>
        </Group>
        {preview.data && (
          <Group align="stretch" grow wrap="wrap" aria-live="polite">
            {(['fr', 'en'] as const).map((locale) => (
              <Alert key={locale} color="gray" title={preview.data[locale].subject} miw={260}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data[locale].body}
                </Text>
              </Alert>
            ))}
          </Group>
        )}
      </Stack>
    </form>
  );
}
