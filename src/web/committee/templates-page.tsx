import { useState } from 'react';
import { Button, Checkbox, CloseButton, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { DocumentCategory, Lookup } from '../../shared/companies';
import { formatInstant, formatPercentValue } from '../../shared/intl';
import { CHECKLIST_STAGES } from '../../shared/pipeline';
import {
  aidCeilingInputSchema,
  checklistTemplatesInputSchema,
  type AidCeilingFormValues,
  type AidCeilingInput,
  type ChecklistTemplatesInput,
} from '../../shared/schemas/pipeline';
import type { AidCeiling, ChecklistTemplate } from '../../shared/schemas/pipeline-answers';
import type { z } from 'zod';
import { useLookup } from '../api/lookups';
import { fieldError } from '../components/form';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useAidCeiling, useChecklistTemplates, useSaveAidCeiling, useSaveTemplates } from './api';
import { FormCard } from '../components/form-card';

type TemplateValues = z.input<typeof checklistTemplatesInputSchema>;

/**
 * /checklist-templates (administrators): per fund, the documents a request must have at each stage, and the
 * fund's aid ceiling, which the committee's checks compare each request's public aid with (ADR 0039 §2, §7).
 */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const funds = useLookup<Lookup>('/contribution_funds');
  const [fundId, setFundId] = useState('');
  const fund = funds.data?.find((f) => f.id === fundId);
  const templates = useChecklistTemplates(fundId);
  const ceiling = useAidCeiling(fundId);
  const p = (key: KeyUnder<'committee.templates'>) => t(`committee.templates.${key}`);
  return (
    <Stack maw={1000}>
      <Title order={1}>{p('title')}</Title>
      <Text>{p('intro')}</Text>
      <NativeSelect
        label={p('fund')}
        value={fundId}
        onChange={(event) => setFundId(event.currentTarget.value)}
        data={[
          { value: '', label: p('chooseFund') },
          ...(funds.data ?? []).map((f) => ({ value: f.id, label: f.name })),
        ]}
        maw={420}
      />
      {fund && (ceiling.isPending || templates.isPending) && <PageLoader />}
      {fund && ceiling.data && <CeilingForm key={`${fund.id}:${ceiling.data.ceilingPercent}`} ceiling={ceiling.data} />}
      {fund && templates.data && (
        <TemplatesForm key={`${fund.id}:${templates.dataUpdatedAt}`} fund={fund} templates={templates.data} />
      )}
    </Stack>
  );
}

function CeilingForm({ ceiling }: { ceiling: AidCeiling }) {
  const { t, i18n } = useTranslation();
  const p = (key: KeyUnder<'committee.templates'>, params?: Record<string, unknown>) =>
    t(`committee.templates.${key}`, params);
  const form = useForm<AidCeilingFormValues, unknown, AidCeilingInput>({
    mode: 'all',
    resolver: zodResolver(aidCeilingInputSchema),
    defaultValues: { ceilingPercent: ceiling.ceilingPercent === null ? '' : String(ceiling.ceilingPercent) },
  });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const save = useSaveAidCeiling();
  const percent = (value: number | null) =>
    value === null ? p('noCeiling') : formatPercentValue(value, i18n.language);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { fundId: ceiling.fundId, input },
      {
        onSuccess: (saved) => {
          guard.release();
          toast(
            'success',
            appI18n.t(`committee.templates.${saved.ceilingPercent === null ? 'ceilingCleared' : 'ceilingSaved'}`, {
              fund: saved.fundName,
            }),
          );
        },
        onError: (error) => reportError(error, { setError: form.setError }),
      },
    ),
  );
  const title = p('ceilingTitle', { fund: ceiling.fundName });
  return (
    <FormCard title={title} onSubmit={submit}>
      <Group align="flex-start" wrap="wrap">
        <TextField
          form={form}
          name="ceilingPercent"
          label={p('ceiling')}
          description={p('ceilingEmpty')}
          inputMode="decimal"
          autoComplete="off"
          flex="1 1 260px"
        />
        <Button type="submit" mt={25} loading={save.isPending}>
          {p('ceilingSave')}
        </Button>
      </Group>
      {ceiling.changes.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md">
            {p('ceilingHistory')}
          </Title>
          <Stack gap={2} component="ul" style={{ paddingLeft: '1.2em', margin: 0 }}>
            {ceiling.changes.slice(0, 5).map((change) => (
              <Text key={change.insertedAt} size="sm" component="li">
                {p('ceilingChange', {
                  when: formatInstant(change.insertedAt, i18n.language),
                  author: change.authorName ?? '—',
                  before: percent(change.before),
                  after: percent(change.after),
                })}
              </Text>
            ))}
          </Stack>
        </>
      )}
    </FormCard>
  );
}

/** Categories as options: each parent, then its children under it. */
function categoryOptions(categories: readonly DocumentCategory[]) {
  return categories.flatMap((parent) => [
    { value: parent.id, label: parent.name },
    ...parent.children.map((child) => ({ value: child.id, label: `${parent.name} › ${child.name}` })),
  ]);
}

function TemplatesForm({ fund, templates }: { fund: Lookup; templates: ChecklistTemplate[] }) {
  const { t } = useTranslation();
  const p = (key: KeyUnder<'committee.templates'>, params?: Record<string, unknown>) =>
    t(`committee.templates.${key}`, params);
  const categories = useLookup<DocumentCategory>('/documents/categories');
  const emptyItem = () => ({ stage: 'intake' as const, categoryId: '', labelFr: '', labelEn: '', required: true });
  const form = useForm<TemplateValues, unknown, ChecklistTemplatesInput>({
    mode: 'all',
    resolver: zodResolver(checklistTemplatesInputSchema),
    defaultValues: {
      fundId: fund.id,
      items: templates.map(({ stage, categoryId, labelFr, labelEn, required }) => ({
        stage,
        categoryId,
        labelFr,
        labelEn,
        required,
      })),
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' as never });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const save = useSaveTemplates();
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        guard.release();
        toast('success', appI18n.t('committee.templates.saved', { fund: fund.name }));
      },
      onError: (error) => reportError(error, { setError: form.setError }),
    }),
  );
  const title = p('items', { fund: fund.name });
  const options = [{ value: '', label: '—' }, ...categoryOptions(categories.data ?? [])];
  return (
    <FormCard title={title} onSubmit={submit} stack>
      {items.fields.length === 0 && <Text c="gray.7">{p('none')}</Text>}
      {items.fields.map((field, index) => {
        const n = index + 1;
        return (
          <Paper key={field.id} withBorder p="sm" bg="gray.0">
            <Group align="flex-start" wrap="wrap">
              <NativeSelect
                {...form.register(`items.${index}.stage`)}
                label={p('stage', { n })}
                data={CHECKLIST_STAGES.map((stage) => ({ value: stage, label: t(`pipeline.stage.${stage}`) }))}
                style={{ flex: '1 1 180px' }}
              />
              <NativeSelect
                {...form.register(`items.${index}.categoryId`)}
                label={p('category', { n })}
                data={options}
                error={fieldError(form, `items.${index}.categoryId`)}
                style={{ flex: '2 1 260px' }}
              />
              <CloseButton aria-label={p('remove', { n })} onClick={() => items.remove(index)} mt={28} />
            </Group>
            <Group align="flex-start" wrap="wrap" mt="xs">
              {(['fr', 'en'] as const).map((lang) => {
                const label = lang === 'fr' ? 'labelFr' : 'labelEn';
                return (
                  <TextField
                    key={lang}
                    form={form}
                    name={`items.${index}.${label}`}
                    label={p(label, { n })}
                    lang={lang}
                    flex="1 1 240px"
                  />
                );
              })}
              <Controller
                control={form.control}
                name={`items.${index}.required`}
                render={({ field: required }) => (
                  <Checkbox
                    ref={required.ref}
                    name={required.name}
                    onBlur={required.onBlur}
                    checked={Boolean(required.value)}
                    onChange={(event) => required.onChange(event.currentTarget.checked)}
                    label={p('required', { n })}
                    mt={32}
                  />
                )}
              />
            </Group>
          </Paper>
        );
      })}
      <Group justify="space-between">
        <Button variant="default" onClick={() => items.append(emptyItem() as never)}>
          {p('add')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {p('save')}
        </Button>
      </Group>
    </FormCard>
  );
}
