import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/constants';
import { canDeleteGuarantee, canMoveGuarantee, SECURING_STATES } from '../../shared/guarantees/rules';
import { GUARANTEE_KINDS, GUARANTEE_REGISTRIES, GUARANTEE_STATES } from '../../shared/guarantees/types';
import { formatDay, formatMoney, formatPercentValue, numberFormat } from '../../shared/intl';
import {
  GUARANTEE_LIMITS,
  guaranteeAssetSoldSchema,
  guaranteeInputSchema,
  guaranteeReleaseSchema,
} from '../../shared/schemas/guarantees';
import type { GuaranteeAnswer } from '../../shared/schemas/guarantees-answers';
import { todayIso } from '../../shared/portfolio/schedule';
import { useDeedChoices, useGuaranteeWrite, useLoanGuarantees } from '../api/guarantees';
import { useTranslation, type KeyUnder } from '../i18n';
import { useConfirm } from './confirm-dialog';
import { DayInput } from './day-input';
import { boundField, fieldError } from './form';
import { GuardedModal } from './guarded-modal';
import { Section } from './section';
import { TextField } from './text-field';
import { refusalMessage, showRefusal } from './server-errors';
import { toast } from './toasts';

/*
 * A loan's guarantees (sûretés, docs/decisions/0072) on its page: the list with the loan's coverage, the add and
 * edit dialog (an owner of the company or another guarantor, the registry's fields, the dates, the state), the
 * mainlevée and the sale of a secured asset. Here rather than in a feature: the loan page (servicing) shows it.
 */

type GuaranteeValues = z.input<typeof guaranteeInputSchema>;
type GuaranteeOutput = z.output<typeof guaranteeInputSchema>;
type Owner = { id?: string | null; name: string };

const OTHER = 'other';

export const coverageText = (coverage: number, locale: Locale) =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(coverage);

/** "600,00 $" or "50 %": what a guarantee secures. */
function securedText(g: GuaranteeAnswer, locale: Locale): string {
  if (g.amount !== null) return formatMoney(g.amount, locale);
  if (g.sharePercent !== null) return formatPercentValue(g.sharePercent, locale);
  return '—';
}

type Dialog =
  | { kind: 'edit'; guarantee: GuaranteeAnswer | null }
  | { kind: 'release'; guarantee: GuaranteeAnswer }
  | { kind: 'sold'; guarantee: GuaranteeAnswer };

export function LoanGuarantees({
  companyId,
  contributionId,
  owners,
}: {
  companyId: string;
  contributionId: string;
  owners: readonly Owner[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const g = (key: KeyUnder<'guarantees.section'>, params?: Record<string, unknown>) =>
    t(`guarantees.section.${key}`, params);
  const f = (key: KeyUnder<'guarantees.fields'>) => t(`guarantees.fields.${key}`);
  const list = useLoanGuarantees(companyId, contributionId);
  const write = useGuaranteeWrite(companyId, contributionId);
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const coverage = list.data?.meta.coverage ?? null;
  const day = (value: string | null) => (value ? (formatDay(value, locale) ?? value) : '—');

  return (
    <Section id="loan-guarantees" title={g('title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={500}>
            {coverage === null ? g('coverageNone') : g('coverage', { coverage: coverageText(coverage, locale) })}
          </Text>
          <Button variant="light" onClick={() => setDialog({ kind: 'edit', guarantee: null })}>
            {g('add')}
          </Button>
        </Group>
        {list.isError && (
          <Text role="alert" c="red.9">
            {t('errors.generic')}
          </Text>
        )}
        {list.data?.guarantees.length === 0 && <Text c="gray.7">{g('empty')}</Text>}
        {(list.data?.guarantees.length ?? 0) > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{f('kind')}</Table.Th>
                  <Table.Th>{f('guarantor')}</Table.Th>
                  <Table.Th>{f('secured')}</Table.Th>
                  <Table.Th>{f('registry')}</Table.Th>
                  <Table.Th>{f('expiresOn')}</Table.Th>
                  <Table.Th>{f('state')}</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">{g('edit')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data!.guarantees.map((guarantee) => {
                  const label = `${t(`guarantees.kind.${guarantee.kind}`)}${guarantee.guarantorName ? ` — ${guarantee.guarantorName}` : ''}`;
                  return (
                    <Table.Tr key={guarantee.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm">{t(`guarantees.kind.${guarantee.kind}`)}</Text>
                          {guarantee.toComplete && (
                            <Badge color="yellow" variant="light" c="dark">
                              {g('toComplete')}
                            </Badge>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>{guarantee.guarantorName ?? '—'}</Table.Td>
                      <Table.Td>{securedText(guarantee, locale)}</Table.Td>
                      <Table.Td>
                        {t(`guarantees.registry.${guarantee.registry}`)}
                        {guarantee.registrationNumber ? ` ${guarantee.registrationNumber}` : ''}
                      </Table.Td>
                      <Table.Td>{day(guarantee.expiresOn)}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm">{t(`guarantees.state.${guarantee.state}`)}</Text>
                          {guarantee.publishBy && (
                            <Text size="xs" c="gray.7">
                              {f('registeredOn')} ≤ {day(guarantee.publishBy)}
                            </Text>
                          )}
                          {guarantee.assetSoldOn && (
                            <Text size="xs" c="gray.7">
                              {f('assetSoldOn')} {day(guarantee.assetSoldOn)}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="wrap" role="group" aria-label={g('actions', { label })}>
                          <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'edit', guarantee })}>
                            {g('edit')}
                          </Button>
                          {canMoveGuarantee(guarantee.state, 'released') && guarantee.state !== 'released' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => setDialog({ kind: 'release', guarantee })}
                            >
                              {g('release')}
                            </Button>
                          )}
                          {SECURING_STATES.includes(guarantee.state) && (
                            <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'sold', guarantee })}>
                              {g('assetSold')}
                            </Button>
                          )}
                          {canDeleteGuarantee(guarantee.state) && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red.9"
                              onClick={() =>
                                confirm({
                                  text: g('deleteConfirm'),
                                  confirmLabel: g('delete'),
                                  danger: true,
                                  onConfirm: async () => {
                                    await write.mutateAsync({ method: 'DELETE', path: `/${guarantee.id}` });
                                    toast('success', g('deleted'));
                                  },
                                })
                              }
                            >
                              {g('delete')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <GuardedModal
        opened={dialog?.kind === 'edit'}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'edit' && dialog.guarantee ? g('editTitle') : g('addTitle')}
        size="xl"
      >
        {(cancel) =>
          dialog?.kind === 'edit' && (
            <GuaranteeForm
              companyId={companyId}
              guarantee={dialog.guarantee}
              owners={owners}
              onCancel={cancel}
              onSave={async (values) => {
                const path = dialog.guarantee ? `/${dialog.guarantee.id}` : '';
                const body = dialog.guarantee ? { ...values, lockVersion: dialog.guarantee.lockVersion } : values;
                await write.mutateAsync({ method: dialog.guarantee ? 'PATCH' : 'POST', path, body });
                toast('success', g('saved'));
                setDialog(null);
              }}
            />
          )
        }
      </GuardedModal>
      <GuardedModal opened={dialog?.kind === 'release'} onClose={() => setDialog(null)} title={g('releaseTitle')}>
        {(cancel) =>
          dialog?.kind === 'release' && (
            <ReleaseForm
              onCancel={cancel}
              onSave={async (values) => {
                await write.mutateAsync({ method: 'POST', path: `/${dialog.guarantee.id}/release`, body: values });
                toast('success', g('released'));
                setDialog(null);
              }}
            />
          )
        }
      </GuardedModal>
      <GuardedModal opened={dialog?.kind === 'sold'} onClose={() => setDialog(null)} title={g('assetSoldTitle')}>
        {(cancel) =>
          dialog?.kind === 'sold' && (
            <AssetSoldForm
              onCancel={cancel}
              onSave={async (values) => {
                const saved = await write.mutateAsync({
                  method: 'POST',
                  path: `/${dialog.guarantee.id}/asset_sold`,
                  body: values,
                });
                toast('success', g('assetSoldSaved', { date: day(saved.conservationBy) }));
                setDialog(null);
              }}
            />
          )
        }
      </GuardedModal>
    </Section>
  );
}

/** The form's buttons and its alert for a refusal no field shows. */
function FormFrame<V extends Record<string, unknown>, O>({
  form,
  onValid,
  onCancel,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  onValid(values: O): Promise<void>;
  onCancel(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const refusal = refusalMessage(form);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onValid(values);
        } catch (error) {
          showRefusal(form, error);
        }
      })}
    >
      <Stack gap="sm">
        {children}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('guarantees.section.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('guarantees.section.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GuaranteeForm({
  companyId,
  guarantee,
  owners,
  onCancel,
  onSave,
}: {
  companyId: string;
  guarantee: GuaranteeAnswer | null;
  owners: readonly Owner[];
  onCancel(): void;
  onSave(values: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const f = (key: KeyUnder<'guarantees.fields'>) => t(`guarantees.fields.${key}`);
  const deeds = useDeedChoices(companyId);
  const form = useForm<GuaranteeValues, unknown, GuaranteeOutput>({
    mode: 'all',
    resolver: zodResolver(guaranteeInputSchema),
    defaultValues: {
      kind: guarantee?.kind ?? 'personal_guarantee',
      guarantorOwnerId: guarantee?.guarantorOwnerId ?? null,
      guarantorName: guarantee?.guarantorOwnerId ? '' : (guarantee?.guarantorName ?? ''),
      guarantorAddress: guarantee?.guarantorOwnerId ? '' : (guarantee?.guarantorAddress ?? ''),
      amount: guarantee?.amount === null || guarantee?.amount === undefined ? '' : String(guarantee.amount),
      sharePercent: guarantee?.sharePercent == null ? '' : String(guarantee.sharePercent),
      rank: guarantee?.rank == null ? '' : String(guarantee.rank),
      property: guarantee?.property ?? '',
      registry: guarantee?.registry ?? 'none',
      registrationNumber: guarantee?.registrationNumber ?? '',
      signedOn: guarantee?.signedOn ?? '',
      registeredOn: guarantee?.registeredOn ?? '',
      expiresOn: guarantee?.expiresOn ?? '',
      deedDocumentId: guarantee?.deedDocumentId ?? null,
      state: guarantee?.state ?? 'draft',
      toComplete: guarantee?.toComplete ?? false,
    },
  });
  const watched = useWatch({ control: form.control });
  const ownerId = watched.guarantorOwnerId;
  const kind = watched.kind;
  const dayForm = form as unknown as UseFormReturn<GuaranteeValues>;
  const states = GUARANTEE_STATES.filter(
    (state) => state !== 'released' && (!guarantee || canMoveGuarantee(guarantee.state, state)),
  );
  const select = (name: 'kind' | 'registry' | 'state', values: readonly string[], label: (v: string) => string) => (
    <Select
      label={f(name)}
      required
      allowDeselect={false}
      data={values.map((value) => ({ value, label: label(value) }))}
      value={watched[name] as string}
      onChange={(value) => value && form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true })}
      error={fieldError(form, name)}
    />
  );
  return (
    <FormFrame form={form} onValid={(values) => onSave(values)} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {select('kind', GUARANTEE_KINDS, (v) => t(`guarantees.kind.${v as (typeof GUARANTEE_KINDS)[number]}`))}
        {select('state', states, (v) => t(`guarantees.state.${v as (typeof GUARANTEE_STATES)[number]}`))}
      </SimpleGrid>
      <Select
        label={f('guarantor')}
        required={kind === 'personal_guarantee'}
        allowDeselect={false}
        data={[
          ...owners.flatMap((owner) => (owner.id ? [{ value: owner.id, label: owner.name }] : [])),
          { value: OTHER, label: t('guarantees.section.otherGuarantor') },
        ]}
        value={ownerId ?? OTHER}
        onChange={(value) =>
          form.setValue('guarantorOwnerId', value === OTHER ? null : value, { shouldDirty: true, shouldValidate: true })
        }
        error={fieldError(form, 'guarantorOwnerId')}
      />
      {!ownerId && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label={f('guarantorName')}
            autosize
            minRows={1}
            maxLength={GUARANTEE_LIMITS.name}
            {...boundField(form, 'guarantorName')}
          />
          <Textarea
            label={f('guarantorAddress')}
            autosize
            minRows={1}
            maxLength={GUARANTEE_LIMITS.address}
            {...boundField(form, 'guarantorAddress')}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField form={form} name="amount" label={f('amount')} inputMode="decimal" />
        <TextField form={form} name="sharePercent" label={f('sharePercent')} inputMode="decimal" />
        <TextField form={form} name="rank" label={f('rank')} inputMode="numeric" />
      </SimpleGrid>
      <Textarea
        label={f('property')}
        autosize
        minRows={2}
        maxLength={GUARANTEE_LIMITS.property}
        {...boundField(form, 'property')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {select('registry', GUARANTEE_REGISTRIES, (v) =>
          t(`guarantees.registry.${v as (typeof GUARANTEE_REGISTRIES)[number]}`),
        )}
        <TextField form={form} name="registrationNumber" label={f('registrationNumber')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DayInput form={dayForm} name="signedOn" label={f('signedOn')} />
        <DayInput form={dayForm} name="registeredOn" label={f('registeredOn')} />
        <DayInput form={dayForm} name="expiresOn" label={f('expiresOn')} note={t('guarantees.section.expiryHint')} />
      </SimpleGrid>
      <Select
        label={f('deedDocumentId')}
        allowDeselect={false}
        data={[
          { value: '', label: t('guarantees.section.noDeed') },
          ...(deeds.data ?? []).map((doc) => ({ value: doc.id, label: doc.name })),
        ]}
        value={watched.deedDocumentId ?? ''}
        onChange={(value) =>
          form.setValue('deedDocumentId', value || null, { shouldDirty: true, shouldValidate: true })
        }
        error={fieldError(form, 'deedDocumentId')}
      />
      <Checkbox label={f('toComplete')} {...form.register('toComplete')} />
    </FormFrame>
  );
}

function ReleaseForm({
  onCancel,
  onSave,
}: {
  onCancel(): void;
  onSave(values: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof guaranteeReleaseSchema>, unknown, z.output<typeof guaranteeReleaseSchema>>({
    mode: 'all',
    resolver: zodResolver(guaranteeReleaseSchema),
    defaultValues: { releasedOn: todayIso(), reason: '' },
  });
  return (
    <FormFrame form={form} onValid={onSave} onCancel={onCancel}>
      <DayInput
        form={form as unknown as UseFormReturn<z.input<typeof guaranteeReleaseSchema>>}
        name="releasedOn"
        label={t('guarantees.fields.releasedOn')}
        required
      />
      <Textarea
        label={t('guarantees.fields.releaseReason')}
        required
        autosize
        minRows={2}
        maxLength={GUARANTEE_LIMITS.reason}
        {...boundField(form, 'reason')}
      />
    </FormFrame>
  );
}

function AssetSoldForm({
  onCancel,
  onSave,
}: {
  onCancel(): void;
  onSave(values: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof guaranteeAssetSoldSchema>, unknown, z.output<typeof guaranteeAssetSoldSchema>>({
    mode: 'all',
    resolver: zodResolver(guaranteeAssetSoldSchema),
    defaultValues: { soldOn: todayIso(), note: '' },
  });
  return (
    <FormFrame form={form} onValid={onSave} onCancel={onCancel}>
      <DayInput
        form={form as unknown as UseFormReturn<z.input<typeof guaranteeAssetSoldSchema>>}
        name="soldOn"
        label={t('guarantees.fields.assetSoldOn')}
        required
      />
      <Textarea
        label={t('guarantees.fields.assetSoldNote')}
        autosize
        minRows={2}
        maxLength={GUARANTEE_LIMITS.note}
        {...boundField(form, 'note')}
      />
    </FormFrame>
  );
}
