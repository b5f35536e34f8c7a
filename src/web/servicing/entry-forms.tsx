import { useState, type ReactNode } from 'react';
import { FormButtons } from '../components/form-buttons';
import { Alert, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { ServicingSchedule } from '../../shared/schemas/servicing-answers';
import { AMENDMENT_KINDS, REPAYMENT_KINDS } from '../../shared/servicing/types';
import { todayIso } from '../../shared/portfolio/schedule';
import {
  DISBURSEMENT_METHODS,
  REPAYMENT_METHODS,
  SERVICING_LIMITS,
  disbursementInputSchema,
  reversalInputSchema,
  termAmendmentInputSchema,
  writeOffInputSchema,
} from '../../shared/schemas/servicing';
import { useConfirm } from '../components/confirm-dialog';
import { DayInput } from '../components/day-input';
import { SelectField } from '../components/select-field';
import { fieldError } from '../components/form';
import { repaymentFormSchema } from '../../shared/servicing/received-on';
import { refusalMessage, showRefusal } from '../components/server-errors';
import { NumberInput, numberTextResolver } from '../components/number-input';
import { toast } from '../components/toasts';
import { ModalGuardProvider, useGuardedClose, useUnsavedChanges } from '../components/unsaved-changes';
import { useTranslation, type KeyUnder } from '../i18n';
import { useLoanWrite } from './api';
import { pendingMessage } from '../components/loan-moves';
import type { Locale } from '../../shared/constants';
import { day, money } from './format';

/*
 * The servicing forms (docs/decisions/0038): each is a modal over the loan, validated with the route's own
 * shared schema as the user types (mode `all`), its messages shown once a field is touched. A refusal keeps
 * the modal open with everything typed: a 422 lands on its fields, anything else (a 409 "already written
 * off", the network) in the form's own alert, read out at once. The loan's figures are read again after a
 * write (api.ts).
 */

/** The entry a form writes: where it is posted under `{fc}`, and its toast once recorded. */
export interface WriteTarget {
  companyId: string;
  contributionId: string;
}

/** Which of the modals is open, with what it needs. */
export type EntryDialog =
  | { kind: 'disbursement'; available: number | null }
  | { kind: 'repayment'; payoff: number | null; owed?: RepaymentOwed | null; writtenOff?: boolean }
  | {
      kind: 'reverse';
      entry: 'disbursement' | 'repayment';
      id: string;
      /** What the confirmation names: the entry's amount and day, already written in the reader's words. */
      amount: string;
      date: string;
    }
  | { kind: 'amendment' }
  | { kind: 'writeOff'; loanNumber: string }
  | { kind: 'undoWriteOff'; loanNumber: string };

/** Field paths a form shows; a server message about anything else goes to the form's alert. */
export type Known<T extends FieldValues> = readonly Path<T>[];

/**
 * Posts the form's values and reports the outcome: on success a toast and `onDone` (a move held for a second
 * person says so instead of the usual success); on a 422, each field's
 * message under it (those of fields the form does not show in its alert); otherwise the server's message, or
 * the generic one, in the alert. Never resets what was typed.
 */
function useSubmit<T extends FieldValues, O = T>(
  target: WriteTarget,
  form: UseFormReturn<T, unknown, O>,
  known: Known<T>,
  onDone: () => void,
) {
  const write = useLoanWrite(target.companyId, target.contributionId);
  const { t, i18n } = useTranslation();
  return async (path: string, body: unknown, saved: string) => {
    form.clearErrors('root.server' as Path<T>);
    try {
      const { pending } = await write.mutateAsync({ path, body });
      if (pending) toast('info', pendingMessage(pending, t, i18n.language as Locale));
      else toast('success', saved);
      onDone();
    } catch (error) {
      showRefusal(form, error, known);
    }
  };
}

/**
 * A servicing form's set-up, the same for each: validated as the user types with the shared schema (number
 * fields read in the user's locale), guarded against leaving with unsaved changes, and `submit` that posts and
 * reports the outcome (useSubmit), releasing the guard before `onDone`. Every field it starts with is shown, so
 * a server message about any of them goes under it.
 */
function useEntryForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  numberFields: readonly (keyof Values & string)[],
  defaultValues: Values,
  target: WriteTarget,
  onDone: () => void,
) {
  const form = useForm<Values, unknown, Output>({
    mode: 'all',
    resolver: numberTextResolver<Values, Output>(schema, numberFields),
    defaultValues: defaultValues as DefaultValues<Values>,
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const submit = useSubmit(target, form, Object.keys(defaultValues) as unknown as Known<Values>, () => {
    unsaved.release();
    onDone();
  });
  return { form, submit };
}

export function FormAlert<T extends FieldValues, O = T>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  const message = refusalMessage(form);
  if (!message) return null;
  return (
    <Alert color="red.9" variant="outline" role="alert">
      {message}
    </Alert>
  );
}

/** A choice among fixed values, bound to the form, labelled from the catalog; `describe` explains the one chosen. */
export function ChoiceField<T extends FieldValues, V extends string = string>({
  form,
  name,
  label,
  values,
  labelOf,
  describe,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  describe?: (value: V) => string;
}) {
  const { t } = useTranslation();
  const chosen = useWatch({ control: form.control, name }) as string | null | undefined;
  return (
    <SelectField
      form={form}
      name={name}
      label={label}
      required
      placeholder={t('servicing.forms.choose')}
      data={values.map((value) => ({ value, label: labelOf(value) }))}
      comboboxProps={{ withinPortal: true }}
      description={describe && chosen ? describe(chosen as V) : undefined}
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}

/**
 * Every servicing form's frame: its fields, then the refusal's alert and the buttons; `onValid` runs once the
 * shared schema accepts what was typed.
 */
function EntryFormFrame<T extends FieldValues, O>({
  form,
  onValid,
  onCancel,
  submit,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  onValid(values: O): unknown;
  onCancel(): void;
  submit: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate aria-busy={form.formState.isSubmitting} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <Stack>
        {children}
        <FormAlert form={form} />
        <FormButtons
          onCancel={onCancel}
          cancel={t('servicing.forms.cancel')}
          submit={submit}
          busy={form.formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}

/** What the entry's bank or cheque says, to find it again. */
function ReferenceField<T extends FieldValues & { reference?: unknown }>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('servicing.forms.reference')}
      maxLength={SERVICING_LIMITS.reference}
      error={fieldError(form, 'reference' as Path<T>)}
      {...form.register('reference' as Path<T>)}
    />
  );
}

interface FormProps {
  target: WriteTarget;
  /** Closes after a successful write (nothing to lose). */
  onDone(): void;
  /** Closes on the user's word: asks first when something was typed. */
  onCancel(): void;
}

/** The modal around one servicing form; closing it changed asks first (docs/decisions/0017). */
export function EntryModal({
  dialog,
  target,
  onClose,
}: {
  dialog: EntryDialog | null;
  target: WriteTarget;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const guard = useGuardedClose(onClose);
  // The last dialog stays drawn while the modal fades out.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const current = dialog ?? shown;
  const props: FormProps = { target, onDone: onClose, onCancel: guard.close };
  let title = '';
  let body: ReactNode = null;
  switch (current?.kind) {
    case 'disbursement':
      title = t('servicing.forms.disbursement.title');
      body = <DisbursementForm {...props} available={current.available} />;
      break;
    case 'repayment':
      title = t('servicing.forms.repayment.title');
      body = (
        <RepaymentForm
          {...props}
          payoff={current.payoff}
          owed={current.owed ?? null}
          writtenOff={current.writtenOff ?? false}
        />
      );
      break;
    case 'reverse':
      title = t(`servicing.forms.reversal.${current.entry}Title`);
      body = <ReversalForm {...props} dialog={current} />;
      break;
    case 'amendment':
      title = t('servicing.forms.amendment.title');
      body = <AmendmentForm {...props} />;
      break;
    case 'writeOff':
      title = t('servicing.forms.writeOff.title');
      body = <WriteOffForm {...props} loanNumber={current.loanNumber} />;
      break;
    case 'undoWriteOff':
      title = t('servicing.forms.undoWriteOff.title');
      body = <UndoWriteOffForm {...props} loanNumber={current.loanNumber} />;
      break;
    case undefined:
      break;
  }
  return (
    <Modal opened={dialog !== null} onClose={guard.close} title={title} size="lg">
      {/* A new form for every opening: nothing typed for an earlier entry comes back. */}
      <ModalGuardProvider value={guard}>{dialog && body}</ModalGuardProvider>
    </Modal>
  );
}

/**
 * A form recording one entry under the loan with the shared "Record" button: its values posted to `path`,
 * `saved` its toast, `hint` (when there is one) read first.
 */
function RecordForm<Values extends FieldValues, Output>({
  target,
  onDone,
  onCancel,
  schema,
  numberFields,
  defaults,
  path,
  saved,
  hint,
  children,
}: FormProps & {
  schema: z.ZodType<Output, Values>;
  numberFields: readonly (keyof Values & string)[];
  defaults: Values;
  path: string;
  saved: string;
  hint?: string | null;
  children(form: UseFormReturn<Values, unknown, Output>): ReactNode;
}) {
  const { t } = useTranslation();
  const { form, submit } = useEntryForm(schema, numberFields, defaults, target, onDone);
  return (
    <EntryFormFrame
      form={form}
      onValid={(values) => submit(path, values, saved)}
      onCancel={onCancel}
      submit={t('servicing.forms.record')}
    >
      {hint && (
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      )}
      {children(form)}
    </EntryFormFrame>
  );
}

/** The day money moved and how much, side by side; the amount takes the focus on opening. */
function DayAndAmount<T extends FieldValues & { amount?: unknown }>({
  form,
  day,
  dayLabel,
}: {
  form: UseFormReturn<T>;
  day: Path<T>;
  dayLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DayInput form={form} name={day} label={dayLabel} required />
      <NumberInput
        form={form}
        name={'amount' as Path<T>}
        label={t('servicing.forms.amount')}
        kind="money"
        required
        data-autofocus
      />
    </SimpleGrid>
  );
}

/**
 * A money entry's form — a disbursement or a repayment: the day and the amount first, then its own fields;
 * posted to `{entry}s`, its hint (when `headroom` is given) naming what can be disbursed or is left to repay.
 */
function MoneyEntryForm<Values extends FieldValues & { amount?: unknown }, Output>({
  entry,
  day,
  headroom,
  children,
  ...props
}: FormProps & {
  entry: 'disbursement' | 'repayment';
  day: keyof Values & KeyUnder<'servicing.forms'>;
  headroom: number | null;
  schema: z.ZodType<Output, Values>;
  defaults: Values;
  children(form: UseFormReturn<Values, unknown, Output>): ReactNode;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const f = (key: KeyUnder<'servicing.forms'>, params?: Record<string, unknown>) => t(`servicing.forms.${key}`, params);
  return (
    <RecordForm
      {...props}
      numberFields={['amount']}
      path={`${entry}s`}
      saved={f(`${entry}.saved`)}
      hint={headroom !== null ? f(`${entry}.hint`, { amount: money(headroom, language) }) : null}
    >
      {(form) => (
        <>
          {/* The fields only read and register values: what the schema outputs is no concern of theirs. */}
          <DayAndAmount form={form as unknown as UseFormReturn<Values>} day={day as Path<Values>} dayLabel={f(day)} />
          {children(form)}
        </>
      )}
    </RecordForm>
  );
}

export function DisbursementForm({ available, ...props }: FormProps & { available: number | null }) {
  const { t } = useTranslation();
  const f = (key: KeyUnder<'servicing.forms'>) => t(`servicing.forms.${key}`);
  return (
    <MoneyEntryForm
      {...props}
      entry="disbursement"
      day="date"
      headroom={available}
      schema={disbursementInputSchema}
      defaults={{ date: todayIso(), amount: '', method: 'eft', reference: '', note: '' }}
    >
      {(form) => (
        <>
          <ChoiceField
            form={form}
            name="method"
            label={f('method')}
            values={DISBURSEMENT_METHODS}
            labelOf={(value) => t(`servicing.disbursementMethod.${value}`)}
          />
          <ReferenceField form={form} />
          <Textarea
            label={f('note')}
            rows={3}
            maxLength={SERVICING_LIMITS.note}
            error={fieldError(form, 'note')}
            {...form.register('note')}
          />
        </>
      )}
    </MoneyEntryForm>
  );
}

/**
 * A repayment: dated today at the latest (money not yet received is not a repayment); on a written-off loan,
 * a recovery unless told otherwise.
 */
/** What a borrower owes now, for the repayment dialog: late today, and the next installment still to pay. */
export interface RepaymentOwed {
  late: number;
  next: { date: string; amount: number } | null;
}

/** From the loan's own figures and rows (as of today): what is late, and the first installment after today still owed. */
export function repaymentOwed(
  schedule: Pick<ServicingSchedule, 'asOf' | 'figures' | 'rows' | 'status'>,
): RepaymentOwed | null {
  if (schedule.status !== 'active') return null;
  const { figures } = schedule;
  const next = schedule.rows.find((row) => row.date >= schedule.asOf && row.due > 0);
  return {
    late: figures.arrearsPrincipal + figures.arrearsInterest,
    next: next ? { date: next.date, amount: next.due } : null,
  };
}

function OwedNow({ owed }: { owed: RepaymentOwed }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const r = (key: KeyUnder<'servicing.forms.repayment'>, params?: Record<string, unknown>) =>
    t(`servicing.forms.repayment.${key}`, params);
  return (
    <Stack gap={2} data-testid="repayment-owed">
      <Text size="sm" fw={owed.late > 0 ? 600 : undefined} c={owed.late > 0 ? 'red.9' : undefined}>
        {owed.late > 0 ? r('lateNow', { amount: money(owed.late, locale) }) : r('nothingLate')}
      </Text>
      {owed.next && (
        <Text size="sm">
          {r('nextInstallment', { amount: money(owed.next.amount, locale), date: day(owed.next.date, locale) })}
        </Text>
      )}
    </Stack>
  );
}

export function RepaymentForm({
  payoff,
  owed = null,
  writtenOff = false,
  ...props
}: FormProps & { payoff: number | null; owed?: RepaymentOwed | null; writtenOff?: boolean }) {
  const { t } = useTranslation();
  const f = (key: KeyUnder<'servicing.forms'>) => t(`servicing.forms.${key}`);
  return (
    <MoneyEntryForm
      {...props}
      entry="repayment"
      day="receivedOn"
      // Nothing left to repay is no hint.
      headroom={payoff !== null && payoff > 0 ? payoff : null}
      schema={repaymentFormSchema}
      defaults={{
        receivedOn: todayIso(),
        amount: '',
        // Chosen, never assumed: a cheque recorded as a pre-authorized debit misleads the bank reconciliation.
        // Blank until chosen: the schema then says the field is required.
        method: '' as z.input<typeof repaymentFormSchema>['method'],
        reference: '',
        kind: writtenOff ? 'recovery' : 'regular',
      }}
    >
      {(form) => (
        <>
          {owed && !writtenOff && <OwedNow owed={owed} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceField
              form={form}
              name="method"
              label={f('method')}
              values={REPAYMENT_METHODS}
              labelOf={(value) => t(`servicing.repaymentMethod.${value}`)}
            />
            <ReferenceField form={form} />
          </SimpleGrid>
          <ChoiceField
            form={form}
            name="kind"
            label={f('kind')}
            values={REPAYMENT_KINDS}
            labelOf={(value) => t(`servicing.repaymentKind.${value}`)}
            describe={(value) => f(`repayment.kinds.${value}`)}
          />
        </>
      )}
    </MoneyEntryForm>
  );
}

/**
 * A reason, under the words naming what it does: reversals and undoing a write-off. The dialog is the
 * confirmation (its button says the action): it is not asked a second time.
 */
function ReasonForm({
  target,
  onDone,
  onCancel,
  text,
  path,
  confirmText,
  confirmLabel,
  saved,
}: FormProps & { text: string; path: string; confirmText: string; confirmLabel: string; saved: string }) {
  const { form, submit } = useEntryForm(reversalInputSchema, [], { reason: '' }, target, onDone);
  return (
    <EntryFormFrame
      form={form}
      onValid={(values) => submit(path, values, saved)}
      onCancel={onCancel}
      submit={confirmLabel}
    >
      <Text size="sm" fw={600}>
        {confirmText}
      </Text>
      <Text size="sm">{text}</Text>
      <ReasonField form={form} />
    </EntryFormFrame>
  );
}

function ReasonField<T extends FieldValues & { reason: unknown }>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('servicing.forms.reason')}
      required
      rows={3}
      maxLength={SERVICING_LIMITS.reason}
      error={fieldError(form, 'reason' as Path<T>)}
      data-autofocus
      {...form.register('reason' as Path<T>)}
    />
  );
}

function ReversalForm(props: FormProps & { dialog: Extract<EntryDialog, { kind: 'reverse' }> }) {
  const { t } = useTranslation();
  const { dialog } = props;
  const r = (key: KeyUnder<'servicing.forms.reversal'>, params?: Record<string, unknown>) =>
    t(`servicing.forms.reversal.${key}`, params);
  return (
    <ReasonForm
      {...props}
      text={r('text')}
      path={`${dialog.entry}s/${dialog.id}/reverse`}
      confirmText={r(dialog.entry === 'disbursement' ? 'confirmDisbursement' : 'confirmRepayment', {
        amount: dialog.amount,
        date: dialog.date,
      })}
      confirmLabel={r('confirm')}
      saved={r('saved')}
    />
  );
}

function UndoWriteOffForm(props: FormProps & { loanNumber: string }) {
  const { t } = useTranslation();
  const u = (key: KeyUnder<'servicing.forms.undoWriteOff'>, params?: Record<string, unknown>) =>
    t(`servicing.forms.undoWriteOff.${key}`, params);
  return (
    <ReasonForm
      {...props}
      text={u('text')}
      path="write_off/undo"
      confirmText={u('confirm', { number: props.loanNumber })}
      confirmLabel={u('confirmLabel')}
      saved={u('saved')}
    />
  );
}

function WriteOffForm({ target, onDone, onCancel, loanNumber }: FormProps & { loanNumber: string }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const confirm = useConfirm();
  const { form, submit } = useEntryForm(writeOffInputSchema, [], { date: todayIso(), reason: '' }, target, onDone);
  const w = (key: KeyUnder<'servicing.forms.writeOff'>, params?: Record<string, unknown>) =>
    t(`servicing.forms.writeOff.${key}`, params);
  return (
    <EntryFormFrame
      form={form}
      onValid={(values) =>
        confirm({
          text: w('confirm', { number: loanNumber, date: day(values.date, language) }),
          confirmLabel: w('confirmLabel'),
          danger: true,
          onConfirm: () => submit('write_off', values, w('saved')),
        })
      }
      onCancel={onCancel}
      submit={w('confirmLabel')}
    >
      <Text size="sm">{w('text')}</Text>
      <DayInput form={form} name="date" label={t('servicing.forms.date')} required />
      <ReasonField form={form} />
    </EntryFormFrame>
  );
}

type AmendmentValues = z.input<typeof termAmendmentInputSchema>;

export function AmendmentForm(props: FormProps) {
  const { t } = useTranslation();
  return (
    <RecordForm
      {...props}
      schema={termAmendmentInputSchema}
      numberFields={['months', 'rate']}
      defaults={{ effectiveDate: todayIso(), kind: 'moratorium', months: '', rate: '', reason: '' }}
      path="term_amendments"
      saved={t('servicing.forms.amendment.saved')}
    >
      {(form) => (
        <>
          <Text size="sm">{t('servicing.forms.amendment.text')}</Text>
          <AmendmentFields form={form} />
        </>
      )}
    </RecordForm>
  );
}

/**
 * An amendment's own fields — kind, effective date, months or the new rate, reason — shared by one loan's
 * form and a fund's blanket deferral. Only the field the kind reads shows; the schema drops the other.
 */
export function AmendmentFields<T extends FieldValues & AmendmentValues>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const f = (key: KeyUnder<'servicing.forms'>) => t(`servicing.forms.${key}`);
  const kind = useWatch({ control: form.control, name: 'kind' as Path<T> }) as AmendmentValues['kind'];
  return (
    <>
      <ChoiceField
        form={form}
        name={'kind' as Path<T>}
        label={f('kind')}
        values={AMENDMENT_KINDS}
        labelOf={(value) => t(`servicing.amendmentKind.${value}`)}
        describe={(value) => f(`amendment.kinds.${value}`)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DayInput form={form} name={'effectiveDate' as Path<T>} label={f('effectiveDate')} required />
        {kind === 'rate_change' ? (
          <NumberInput form={form} name={'rate' as Path<T>} label={f('rate')} kind="decimal" required />
        ) : (
          <NumberInput form={form} name={'months' as Path<T>} label={f('months')} kind="integer" required />
        )}
      </SimpleGrid>
      <ReasonField form={form} />
    </>
  );
}
