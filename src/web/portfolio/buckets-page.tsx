import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { dateFormat } from '../../shared/intl';
import {
  bucketsInputSchema,
  type BucketAnswer,
  type BucketsFormValues,
  type BucketsInput,
  type BucketsMeta,
} from '../../shared/schemas/portfolio-figures';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n, translateMessage, useTranslation, type KeyUnder } from '../i18n';
import { bucketName } from './figure-sections';
import { useBuckets, useSaveBuckets } from './figures-api';
import { QueryState } from '../components/query-state';

/** What the form holds of the buckets: text as typed, an empty upper bound or rate for none. */
const formValues = (buckets: readonly BucketAnswer[]): BucketsFormValues => ({
  buckets: buckets.map((bucket) => ({
    minDays: String(bucket.minDays),
    maxDays: bucket.maxDays === null ? '' : String(bucket.maxDays),
    provisionRate: bucket.provisionRate === null ? '' : String(bucket.provisionRate),
  })),
});

/** /portfolio/buckets (administrators): the aging buckets, their bounds and provision rates. */
export default function BucketsPage() {
  const { t } = useTranslation();
  const buckets = useBuckets();
  return (
    <Stack maw={900}>
      <Title order={1}>{t('servicing.portfolio.settings.buckets.title')}</Title>
      <Text>{t('servicing.portfolio.settings.buckets.intro')}</Text>
      <QueryState query={buckets}>
        {(data) => (
          // A save remounts the form on what was saved.
          <BucketsForm key={data.meta.updatedAt ?? 'defaults'} buckets={data.buckets} meta={data.meta} />
        )}
      </QueryState>
    </Stack>
  );
}

function Changed({ meta }: { meta: BucketsMeta }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  if (!meta.custom || !meta.updatedAt)
    return <Text c="gray.7">{t('servicing.portfolio.settings.buckets.defaults')}</Text>;
  const date = dateFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(meta.updatedAt));
  return (
    <Text c="gray.7">
      {meta.updatedByName
        ? t('servicing.portfolio.settings.buckets.updated', { date, name: meta.updatedByName })
        : t('servicing.portfolio.settings.buckets.updatedNoName', { date })}
    </Text>
  );
}

function BucketsForm({ buckets, meta }: { buckets: readonly BucketAnswer[]; meta: BucketsMeta }) {
  const { t } = useTranslation();
  const form = useForm<BucketsFormValues, unknown, BucketsInput>({
    mode: 'all',
    resolver: zodResolver(bucketsInputSchema),
    defaultValues: formValues(buckets),
  });
  const rows = useFieldArray({ control: form.control, name: 'buckets' });
  useUnsavedChanges(form.formState.isDirty);
  const save = useSaveBuckets();
  const b = (key: KeyUnder<'servicing.portfolio.settings.buckets'>, params?: Record<string, unknown>) =>
    t(`servicing.portfolio.settings.buckets.${key}`, params);
  const listError = form.formState.errors.buckets?.root?.message ?? form.formState.errors.buckets?.message;

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast('success', i18n.t('servicing.portfolio.settings.buckets.saved')),
      onError: (error) => reportError(error, { setError: form.setError }),
    }),
  );
  const add = () => {
    const values = form.getValues('buckets');
    const last = values.at(-1);
    // The next bucket starts after the last one's end, which then needs one: the form suggests the bounds.
    const start = last ? Number(last.maxDays || last.minDays) + 1 : 0;
    rows.append(
      { minDays: String(Number.isFinite(start) ? start : ''), maxDays: '', provisionRate: '' },
      { shouldFocus: true },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Changed meta={meta} />
        {rows.fields.map((field, index) => (
          <Fieldset key={field.id} legend={b('row', { number: index + 1 })}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <BucketField form={form} index={index} name="minDays" label={b('minDays')} required />
              <BucketField
                form={form}
                index={index}
                name="maxDays"
                label={b('maxDays')}
                description={b('maxDaysHint')}
              />
              <BucketField form={form} index={index} name="provisionRate" label={b('provisionRate')} />
            </SimpleGrid>
            <Group justify="space-between" mt="sm">
              <Preview form={form} index={index} />
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                disabled={rows.fields.length <= 1}
                onClick={() => rows.remove(index)}
              >
                {b('remove', { number: index + 1 })}
              </Button>
            </Group>
          </Fieldset>
        ))}
        {listError && (
          <Text role="alert" c="red.9">
            {translateMessage(listError)}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="light" onClick={add}>
            {b('add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {b('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type BucketForm = UseFormReturn<BucketsFormValues, unknown, BucketsInput>;

function BucketField({
  form,
  index,
  name,
  label,
  description,
  required,
}: {
  form: BucketForm;
  index: number;
  name: 'minDays' | 'maxDays' | 'provisionRate';
  label: string;
  description?: string;
  required?: boolean;
}) {
  const path = `buckets.${index}.${name}` as const;
  return (
    <TextField
      form={form}
      name={path}
      label={label}
      description={description}
      required={required}
      inputMode={name === 'provisionRate' ? 'decimal' : 'numeric'}
      autoComplete="off"
    />
  );
}

/** How the bucket will read on the dashboard, from its bounds as typed. */
function Preview({ form, index }: { form: BucketForm; index: number }) {
  const { t } = useTranslation();
  const row = useWatch({ control: form.control, name: `buckets.${index}` });
  const minDays = Number(row?.minDays);
  const maxDays =
    row?.maxDays === '' || row?.maxDays === null || row?.maxDays === undefined ? null : Number(row.maxDays);
  if (!Number.isInteger(minDays) || (maxDays !== null && !Number.isInteger(maxDays))) return <span />;
  return (
    <Text size="sm" c="gray.7">
      {t('servicing.portfolio.settings.buckets.preview', { label: bucketName(t, { minDays, maxDays }) })}
    </Text>
  );
}
