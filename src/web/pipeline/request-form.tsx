import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { Lookup } from '../../shared/companies';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import {
  PIPELINE_LIMITS,
  fundingRequestPatchSchema,
  type FundingRequestFormValues,
  type FundingRequestPatch,
} from '../../shared/schemas/pipeline';
import type { FundingRequest } from '../../shared/schemas/pipeline-answers';
import { ApiError } from '../api/client';
import { useLookup } from '../api/lookups';
import { useUserOptions } from '../api/user-options';
import { fieldError } from '../components/form';
import { NumberInput } from '../components/number-input';
import { normalizeNumberText } from '../components/number-text';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { SelectField } from '../components/select-field';
import { refusalMessage, showRefusal } from '../components/server-errors';
import { useTranslation, type KeyUnder } from '../i18n';
import { FormCard } from '../components/form-card';

/*
 * A funding request's details (docs/decisions/0042): project, amounts per fund, other sources, analyst. The same
 * form creates a request and edits one; validated as the user types with the route's own schema, guarded against
 * leaving with unsaved changes. A refusal never resets what was typed: a 422 lands under its fields, a 409
 * (someone saved first) in the form's alert with a way to load their version.
 */

export type RequestFormValues = FundingRequestFormValues;

/** The form's values from a saved request, or empty for a new one. */
export function requestFormValues(request: FundingRequest | null): RequestFormValues {
  if (!request)
    return {
      projectName: '',
      projectCost: '',
      amounts: [{ fundId: '', amount: '' }],
      sources: [],
      assigneeId: null,
      lockVersion: 0,
    };
  return {
    projectName: request.projectName,
    projectCost: String(request.projectCost),
    amounts: request.amounts.map((a) => ({ fundId: a.fundId, amount: String(a.amount) })),
    sources: request.sources.map((s) => ({ ...s, amount: String(s.amount) })),
    assigneeId: request.assigneeId,
    lockVersion: request.lockVersion,
  };
}

/** The schema as the resolver, its money fields read as NumberInput writes them (`1,234.56` loses its commas). */
const resolver: Resolver<RequestFormValues, unknown, FundingRequestPatch> = (values, context, options) => {
  const money = (value: unknown) => (typeof value === 'string' ? normalizeNumberText(value) : value);
  const read = {
    ...values,
    projectCost: money(values.projectCost),
    amounts: values.amounts?.map((a) => ({ ...a, amount: money(a.amount) })),
    sources: values.sources?.map((s) => ({ ...s, amount: money(s.amount) })),
  };
  return (zodResolver(fundingRequestPatchSchema as never) as unknown as typeof resolver)(
    read as RequestFormValues,
    context,
    options,
  );
};

export interface RequestFormProps {
  request: FundingRequest | null;
  title: string;
  submitLabel: string;
  /** Whether the details may still change (before any decision). */
  editable: boolean;
  /** Saves; what it answers goes to `onSaved`. */
  save(values: FundingRequestPatch): Promise<string | void>;
  /** After a save that leaves the form (a new request opens its page). */
  onSaved?: (result: string | void) => void;
  /** Offered after a 409: start again from the version someone else saved. */
  onReload?: () => void;
}

export function RequestForm({ request, title, submitLabel, editable, save, onSaved, onReload }: RequestFormProps) {
  const { t } = useTranslation();
  const form = useForm<RequestFormValues, unknown, FundingRequestPatch>({
    mode: 'all',
    resolver,
    defaultValues: requestFormValues(request),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const [stale, setStale] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    form.clearErrors('root.server');
    setStale(false);
    try {
      const result = await save(values);
      if (onSaved) {
        // Saved and leaving (a new request opens its page): nothing typed to lose.
        unsaved.release();
        onSaved(result);
      } else form.reset(values);
    } catch (error) {
      showRefusal(form, error);
      setStale(error instanceof ApiError && error.body.code === 'stale_record');
    }
  });
  const server = refusalMessage(form);
  const r = (key: KeyUnder<'pipeline.request'>, params?: Record<string, unknown>) =>
    t(`pipeline.request.${key}`, params);

  return (
    <FormCard title={title} onSubmit={submit}>
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={r('projectName')}
              required
              maxLength={PIPELINE_LIMITS.text}
              autoComplete="off"
              error={fieldError(form, 'projectName')}
              {...form.register('projectName')}
            />
            <NumberInput form={form} name="projectCost" label={r('projectCost')} kind="money" required />
          </SimpleGrid>
          <AmountsFields form={form} />
          <SourcesFields form={form} />
          <AssigneeSelect form={form} saved={request ? { id: request.assigneeId, name: request.assigneeName } : null} />
          {server && (
            <Alert color="red.9" variant="outline" role="alert">
              <Stack gap="xs">
                <Text size="sm">{server}</Text>
                {stale && onReload && (
                  <Button variant="default" size="xs" onClick={onReload} style={{ alignSelf: 'flex-start' }}>
                    {r('reload')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {editable && (
            <Group>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </FormCard>
  );
}

type Form = UseFormReturn<RequestFormValues, unknown, FundingRequestPatch>;

function AmountsFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const funds = useLookup<Lookup>('/contribution_funds');
  const amounts = useFieldArray({ control: form.control, name: 'amounts', keyName: 'key' });
  const r = (key: KeyUnder<'pipeline.request'>, params?: Record<string, unknown>) =>
    t(`pipeline.request.${key}`, params);
  const listError = fieldError(form, 'amounts');
  return (
    <Fieldset legend={r('amounts')}>
      <Stack gap="xs">
        {amounts.fields.map((field, index) => (
          <Group key={field.key} align="flex-start" wrap="wrap" gap="sm">
            <SelectField
              form={form}
              name={`amounts.${index}.fundId`}
              label={r('amountNumbered', { number: index + 1 })}
              required
              data={(funds.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
              stored={(value) => value ?? ''}
              style={{ flex: '2 1 220px' }}
            />
            <div style={{ flex: '1 1 160px' }}>
              <NumberInput form={form} name={`amounts.${index}.amount`} label={r('amount')} kind="money" required />
            </div>
            {amounts.fields.length > 1 && (
              <RemoveRow label={r('removeAmount', { number: index + 1 })} onClick={() => amounts.remove(index)} />
            )}
          </Group>
        ))}
        {listError && (
          <Text size="sm" c="red.9" role="alert">
            {listError}
          </Text>
        )}
        <AddRow
          count={amounts.fields.length}
          max={PIPELINE_LIMITS.amounts}
          onClick={() => amounts.append({ fundId: '', amount: '' }, { shouldFocus: true })}
        >
          {r('addAmount')}
        </AddRow>
      </Stack>
    </Fieldset>
  );
}

function SourcesFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const sources = useFieldArray({ control: form.control, name: 'sources', keyName: 'key' });
  const r = (key: KeyUnder<'pipeline.request'>, params?: Record<string, unknown>) =>
    t(`pipeline.request.${key}`, params);
  return (
    <Fieldset legend={r('sources')}>
      <Stack gap="xs">
        {sources.fields.length === 0 && (
          <Text size="sm" c="gray.7">
            {r('noSources')}
          </Text>
        )}
        {sources.fields.map((field, index) => (
          <Fieldset key={field.key} legend={r('sourceNumbered', { number: index + 1 })} variant="unstyled">
            <Group align="flex-start" wrap="wrap" gap="sm">
              <TextInput
                label={r('sourceName')}
                required
                maxLength={PIPELINE_LIMITS.text}
                autoComplete="off"
                error={fieldError(form, `sources.${index}.name`)}
                style={{ flex: '2 1 200px' }}
                {...form.register(`sources.${index}.name`)}
              />
              <div style={{ flex: '1 1 150px' }}>
                <NumberInput
                  form={form}
                  name={`sources.${index}.amount`}
                  label={r('sourceAmount')}
                  kind="money"
                  required
                />
              </div>
              <Stack gap={6} mt={{ base: 0, sm: 28 }}>
                {(['confirmed', 'isPublic'] as const).map((flag) => (
                  <Controller
                    key={flag}
                    control={form.control}
                    name={`sources.${index}.${flag}`}
                    render={({ field: box }) => (
                      <Checkbox
                        ref={box.ref}
                        label={r(flag)}
                        checked={Boolean(box.value)}
                        onChange={(event) => box.onChange(event.currentTarget.checked)}
                        onBlur={box.onBlur}
                      />
                    )}
                  />
                ))}
              </Stack>
              <RemoveRow label={r('removeSource', { number: index + 1 })} onClick={() => sources.remove(index)} />
            </Group>
          </Fieldset>
        ))}
        <AddRow
          count={sources.fields.length}
          max={PIPELINE_LIMITS.sources}
          onClick={() =>
            sources.append({ name: '', amount: '', confirmed: false, isPublic: false }, { shouldFocus: true })
          }
        >
          {r('addSource')}
        </AddRow>
      </Stack>
    </Fieldset>
  );
}

/** A repeated row's remove button, named with the row's number for whoever cannot see the row. */
function RemoveRow({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <ActionIcon variant="subtle" color="red.9" mt={28} aria-label={label} onClick={onClick}>
      ×
    </ActionIcon>
  );
}

/** Adds a row to a repeated list; gone once the list holds as many as the schema accepts. */
function AddRow({ count, max, onClick, children }: { count: number; max: number; onClick(): void; children: string }) {
  if (count >= max) return null;
  return (
    <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={onClick}>
      {children}
    </Button>
  );
}

const NONE = 'none';

/** The analyst: an active staff member, searched on the server, or nobody. */
function AssigneeSelect({ form, saved }: { form: Form; saved: { id: string | null; name: string | null } | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const noneLabel = t('pipeline.request.noAssignee');
  const savedOption = saved?.id && saved.name ? { value: saved.id, label: saved.name } : null;
  return (
    <Controller
      control={form.control}
      name="assigneeId"
      render={({ field }) => {
        const chosen = [picked, savedOption].find((option) => option && option.value === field.value) ?? null;
        const shown = field.value ? chosen?.label : noneLabel;
        return (
          <AssigneeOptions
            search={debounced === shown ? '' : debounced}
            chosen={chosen}
            noneLabel={noneLabel}
            value={field.value || NONE}
            error={fieldError(form, 'assigneeId')}
            onSearchChange={setSearch}
            onChange={(value, label) => {
              setPicked(value !== NONE ? { value, label } : null);
              field.onChange(value === NONE ? null : value);
            }}
            onBlur={field.onBlur}
          />
        );
      }}
    />
  );
}

function AssigneeOptions(props: {
  search: string;
  chosen: { value: string; label: string } | null;
  noneLabel: string;
  value: string;
  error: string | undefined;
  onSearchChange(value: string): void;
  onChange(value: string, label: string): void;
  onBlur(): void;
}) {
  const { t } = useTranslation();
  const users = useUserOptions(props.search).data ?? [];
  const data = [
    { value: NONE, label: props.noneLabel },
    ...(props.chosen && !users.some((user) => user.id === props.chosen!.value) ? [props.chosen] : []),
    ...users.map((user) => ({ value: user.id, label: user.fullName })),
  ];
  return (
    <Select
      label={t('pipeline.request.assignee')}
      searchable
      filter={({ options }) => options}
      onSearchChange={props.onSearchChange}
      allowDeselect={false}
      data={data}
      value={props.value}
      onChange={(value, option) => value && props.onChange(value, option?.label ?? '')}
      onBlur={props.onBlur}
      error={props.error}
      style={{ maxWidth: 420 }}
    />
  );
}
