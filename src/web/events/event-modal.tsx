import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../i18n';
import {
  EVENT_NOTES_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  USER_EVENT_CATEGORY_SLUGS,
  type CompanyEvent,
} from '../../shared/events';
import { eventSchema, type EventFields, type EventInput } from '../../shared/schemas/event';
import { ApiError } from '../api/client';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { RecordModal } from '../components/record-modal';
import { today } from '../components/day';
import { SelectField } from '../components/select-field';
import { useCreateEvent, useUpdateEvent } from './api';
import { FormButtons } from '../components/form-buttons';

interface FormValues {
  categorySlug: string | null;
  title: string;
  date: string;
  notes: string;
}

export interface EventModalProps {
  companyId: string;
  /** Absent for a new event. */
  event: CompanyEvent | undefined;
  opened: boolean;
  onClose(): void;
}

/** docs/SPEC.md §2 event modal: category (system excluded), title, date, notes. */
export function EventModal({ opened, onClose, event, companyId }: EventModalProps) {
  return (
    <RecordModal opened={opened} onClose={onClose} record={event} keys="events.modal">
      {(cancel) => <EventForm companyId={companyId} event={event} onClose={onClose} onCancel={cancel} />}
    </RecordModal>
  );
}

function EventForm({ companyId, event, onClose, onCancel }: Omit<EventModalProps, 'opened'> & { onCancel(): void }) {
  const { t } = useTranslation();
  const create = useCreateEvent(companyId);
  const update = useUpdateEvent(companyId);
  const form = useForm<FormValues>({
    // docs/SPEC.md §5: validate on change, blur and submit; messages show once a field is touched.
    mode: 'all',
    // Typed as the form's values so that fieldError reads it; save() gets the schema's output back.
    resolver: zodResolver(eventSchema) as unknown as Resolver<FormValues>,
    defaultValues: {
      categorySlug: event?.categorySlug ?? null,
      title: event?.title ?? '',
      date: event?.date ?? today(),
      notes: event?.notes ?? '',
    } satisfies EventInput,
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  async function save(values: FormValues) {
    // Already valid (the resolver ran): parsing again only gives the values their output type.
    const fields: EventFields = eventSchema.parse(values);
    try {
      if (event) {
        await update.mutateAsync({ id: event.id, ...fields });
        toast('success', t('events.toasts.saved'));
      } else {
        await create.mutateAsync(fields);
        toast('success', t('events.toasts.created'));
      }
      unsaved.release();
      onClose();
    } catch (error) {
      // The modal stays open with everything typed: only the messages are added.
      if (error instanceof ApiError && error.status === 422) reportError(error, { setError: form.setError });
      else reportError(error, { fallbackKey: 'events.toasts.saveFailed' });
    }
  }

  const busy = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} aria-busy={busy}>
      <Stack>
        <SelectField
          form={form}
          name="categorySlug"
          label={t('events.modal.category')}
          placeholder={t('events.modal.categoryPlaceholder')}
          required
          data={USER_EVENT_CATEGORY_SLUGS.map((slug) => ({ value: slug, label: t(`events.categories.${slug}`) }))}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <TextInput
          label={t('events.modal.title')}
          required
          maxLength={EVENT_TITLE_MAX_LENGTH}
          error={fieldError(form, 'title')}
          {...form.register('title')}
        />
        <DayInput form={form} name="date" label={t('events.modal.date')} required />
        <Textarea
          label={t('events.modal.notes')}
          rows={4}
          resize="vertical"
          maxLength={EVENT_NOTES_MAX_LENGTH}
          error={fieldError(form, 'notes')}
          {...form.register('notes')}
        />
        <FormButtons
          onCancel={onCancel}
          cancel={t('events.modal.cancel')}
          submit={t('events.modal.save')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}
