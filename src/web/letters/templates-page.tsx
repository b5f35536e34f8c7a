import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LOCALES, MAX_UPLOAD_BYTES, type Locale } from '../../shared/constants';
import { formatFileSize } from '../../shared/documents';
import { LETTER_KINDS, LETTER_TEMPLATE_NAME_MAX, type LetterKind } from '../../shared/letters/fields';
import type { LetterSettings, LetterTemplate } from '../../shared/schemas/letters';
import { ApiError, downloadFile } from '../api/client';
import {
  templateFilePath,
  useDeleteTemplate,
  useLetterSettings,
  useLetterTemplates,
  useSaveLetterSettings,
  useUploadTemplate,
  type TemplateUpload,
} from '../api/letters';
import { useConfirm } from '../components/confirm-dialog';
import { QueryState } from '../components/query-state';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body.message ? error.body.message : fallback;

/** Every message a refusal gives for a field (a model's file may name several unknown fields). */
const fieldMessages = (error: ApiError): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.body.detail ?? {})) {
    out[path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = messages;
  }
  return out;
};

/** /settings/letters (administrators, docs/decisions/0074): the Word models, the body's details, the days to sign. */
export default function LetterTemplatesPage() {
  const { t } = useTranslation();
  const templates = useLetterTemplates();
  return (
    <Stack maw={960}>
      <Title order={1}>{t('letters.templates.title')}</Title>
      <Text>{t('letters.templates.intro')}</Text>
      <UploadForm />
      <QueryState query={templates}>
        {({ templates: list, allowedFields }) => (
          <>
            <TemplateList templates={list} />
            <FieldCatalog fields={allowedFields} />
          </>
        )}
      </QueryState>
      <Settings />
    </Stack>
  );
}

const emptyUpload: TemplateUpload = { kind: 'offer_letter', name: '', language: 'fr', file: null };

function UploadForm() {
  const { t, i18n } = useTranslation();
  const upload = useUploadTemplate();
  const [values, setValues] = useState<TemplateUpload>(emptyUpload);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (change: Partial<TemplateUpload>) => setValues((v) => ({ ...v, ...change }));
  const first = (name: string) => errors[name]?.[0];
  const fileErrors = errors['file'] ?? [];
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      aria-labelledby="letter-upload-title"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        upload.mutate(values, {
          onSuccess: () => {
            setErrors({});
            setRefusal(null);
            setValues(emptyUpload);
            toast('success', t('letters.templates.uploaded'));
          },
          onError: (error) => {
            // What was typed and chosen stays: only the messages change.
            if (error instanceof ApiError && (error.status === 422 || error.status === 413)) {
              setErrors(error.status === 413 ? { file: [error.body.message] } : fieldMessages(error));
              setRefusal(error.body.message);
            } else toast('error', failure(error, t('errors.generic')));
          },
        });
      }}
    >
      <Stack>
        <Title order={2} size="h3" id="letter-upload-title">
          {t('letters.templates.upload')}
        </Title>
        {refusal && (
          <Alert color="red" role="alert" data-testid="upload-refusal">
            <Text size="sm">{refusal}</Text>
            {fileErrors.length > 1 && (
              <List size="sm" mt="xs">
                {fileErrors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('letters.templates.name')}
            required
            maxLength={LETTER_TEMPLATE_NAME_MAX}
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={first('name')}
            w={320}
          />
          <Select
            label={t('letters.templates.kind')}
            required
            data={LETTER_KINDS.map((kind) => ({ value: kind, label: t(`letters.kind.${kind}`) }))}
            value={values.kind || null}
            onChange={(kind) => set({ kind: (kind ?? '') as LetterKind | '' })}
            allowDeselect={false}
            error={first('kind')}
            w={240}
          />
          <Select
            label={t('letters.templates.language')}
            required
            data={LOCALES.map((locale) => ({ value: locale, label: t(`letters.language.${locale}`) }))}
            value={values.language || null}
            onChange={(language) => set({ language: language ?? '' })}
            allowDeselect={false}
            error={first('language')}
            w={200}
          />
        </Group>
        <FileInput
          label={t('letters.templates.file')}
          placeholder={t('letters.templates.chooseFile')}
          description={t('letters.templates.fileHint', {
            max: formatFileSize(MAX_UPLOAD_BYTES, i18n.language as Locale),
          })}
          styles={{
            description: { color: 'var(--mantine-color-gray-7)' },
            placeholder: { color: 'var(--mantine-color-gray-7)' },
          }}
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          required
          clearable
          value={values.file}
          onChange={(file) => set({ file })}
          error={fileErrors[0]}
          maw={520}
        />
        <Group>
          <Button type="submit" loading={upload.isPending}>
            {t('letters.templates.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TemplateList({ templates }: { templates: LetterTemplate[] }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTemplate();
  const confirm = useConfirm();
  if (templates.length === 0) return <Text c="gray.7">{t('letters.templates.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('letters.templates.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('letters.templates.name')}</Table.Th>
            <Table.Th>{t('letters.templates.kind')}</Table.Th>
            <Table.Th>{t('letters.templates.language')}</Table.Th>
            <Table.Th>{t('letters.templates.fields')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('letters.templates.download')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td>
                {template.name}
                <Text size="xs" c="gray.7">
                  {template.fileName} · {formatFileSize(template.fileSize, i18n.language as Locale)}
                </Text>
              </Table.Td>
              <Table.Td>{t(`letters.kind.${template.kind}`)}</Table.Td>
              <Table.Td>{t(`letters.language.${template.language}`)}</Table.Td>
              <Table.Td>
                {template.fields.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('letters.templates.noFields')}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {template.fields.map((field) => (
                      <Badge key={field} variant="outline" color="blue.9" tt="none">
                        {field}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('letters.templates.downloadLabel', { name: template.name })}
                    onClick={() =>
                      void downloadFile(templateFilePath(template.id)).catch((error: unknown) =>
                        toast('error', failure(error, t('errors.generic'))),
                      )
                    }
                  >
                    {t('letters.templates.download')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    aria-label={t('letters.templates.deleteLabel', { name: template.name })}
                    onClick={() =>
                      confirm({
                        title: t('letters.templates.deleteTitle'),
                        text: t('letters.templates.deleteText', { name: template.name }),
                        confirmLabel: t('letters.templates.delete'),
                        danger: true,
                        onConfirm: () =>
                          remove
                            .mutateAsync(template.id)
                            .then(() => toast('success', t('letters.templates.deleted')))
                            .catch((error: unknown) => toast('error', failure(error, t('errors.generic')))),
                      })
                    }
                  >
                    {t('letters.templates.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FieldCatalog({ fields }: { fields: string[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="letter-fields-title">
      <Title order={2} size="h3" id="letter-fields-title" mb="xs">
        {t('letters.templates.catalog')}
      </Title>
      <Text size="sm" mb="sm">
        {t('letters.templates.catalogIntro')}
      </Text>
      <Group gap={6} data-testid="letter-field-catalog">
        {fields.map((field) => (
          <Code key={field}>{field}</Code>
        ))}
      </Group>
    </Paper>
  );
}

function Settings() {
  const query = useLetterSettings();
  return <QueryState query={query}>{(settings) => <SettingsForms settings={settings} />}</QueryState>;
}

function SettingsForms({ settings }: { settings: LetterSettings }) {
  const { t } = useTranslation();
  const save = useSaveLetterSettings();
  const [body, setBody] = useState(settings.body);
  const [days, setDays] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(settings.funds.map((fund) => [fund.fundId, fund.offerSignDays])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (saved: string) => (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        body,
        funds: settings.funds.map((fund) => ({ fundId: fund.fundId, offerSignDays: days[fund.fundId] as number })),
      },
      {
        onSuccess: () => {
          setErrors({});
          toast('success', saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
          toast('error', failure(error, t('errors.generic')));
        },
      },
    );
  };
  const bodyField = (name: keyof LetterSettings['body'], label: string) => (
    <TextInput
      label={label}
      value={body[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setBody((b) => ({ ...b, [name]: value }));
      }}
      error={errors[`body.${name}`]}
    />
  );
  return (
    <>
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        aria-labelledby="letter-body-title"
        onSubmit={submit(t('letters.templates.bodySaved'))}
      >
        <Stack>
          <Title order={2} size="h3" id="letter-body-title">
            {t('letters.templates.body')}
          </Title>
          {bodyField('name', t('letters.templates.bodyName'))}
          {bodyField('address', t('letters.templates.bodyAddress'))}
          <Group grow wrap="wrap">
            {bodyField('phone', t('letters.templates.bodyPhone'))}
            {bodyField('email', t('letters.templates.bodyEmail'))}
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('letters.templates.saveBody')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        aria-labelledby="letter-days-title"
        onSubmit={submit(t('letters.templates.daysSaved'))}
      >
        <Stack>
          <Title order={2} size="h3" id="letter-days-title">
            {t('letters.templates.offerDays')}
          </Title>
          <Text size="sm">{t('letters.templates.offerDaysIntro')}</Text>
          <Group wrap="wrap" align="flex-start">
            {settings.funds.map((fund, index) => (
              <NumberInput
                key={fund.fundId}
                label={t('letters.templates.offerDaysFund', { fund: fund.fundName })}
                value={days[fund.fundId] ?? ''}
                onChange={(value) => setDays((d) => ({ ...d, [fund.fundId]: value }))}
                allowDecimal={false}
                min={1}
                max={365}
                error={errors[`funds.${index}.offerSignDays`]}
                w={220}
              />
            ))}
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('letters.templates.saveDays')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
