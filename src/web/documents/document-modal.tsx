import { useRef } from 'react';
import { Button, Input, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import classes from './documents.module.css';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { DocumentCategory } from '../../shared/companies';
import { formatFileSize, type CompanyDocument, type DocumentFileType } from '../../shared/documents';
import { documentFileProblem, documentFormSchema } from '../../shared/schemas/document';
import { ApiError } from '../api/client';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { currentLocale, useTranslation } from '../i18n';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { RecordModal } from '../components/record-modal';
import { today } from '../components/day';
import { useCreateDocument, useUpdateDocument } from './api';
import { useDocumentUpload } from './use-document-upload';
import { FormButtons } from '../components/form-buttons';

interface FormValues {
  file: File | null;
  categoryId: string | null;
  name: string;
  date: string;
}

const withoutExtension = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** The server names the upload's problems after the wire fields; the modal shows them on its file field. */
const FILE_FIELDS = new Set(['fileName', 'fileType', 'fileSize']);

/**
 * Choices of the modal's category select: each parent leads its group, followed by its children;
 * parents without children stand alone.
 */
export function categoryChoices(categories: DocumentCategory[]) {
  return categories.map((top) =>
    top.children.length === 0
      ? { value: top.id, label: top.name }
      : {
          group: top.name,
          items: [{ value: top.id, label: top.name }, ...top.children.map((c) => ({ value: c.id, label: c.name }))],
        },
  );
}

export interface DocumentModalProps {
  companyId: string;
  /** Absent for a new document. */
  document: CompanyDocument | undefined;
  categories: DocumentCategory[];
  opened: boolean;
  onClose(): void;
}

/** docs/SPEC.md §2 document modal. */
export function DocumentModal({ opened, onClose, document, ...rest }: DocumentModalProps) {
  return (
    <RecordModal opened={opened} onClose={onClose} record={document} keys="documents.modal">
      {(cancel) => <DocumentForm document={document} onClose={onClose} onCancel={cancel} {...rest} />}
    </RecordModal>
  );
}

function DocumentForm({
  companyId,
  document,
  categories,
  onClose,
  onCancel,
}: Omit<DocumentModalProps, 'opened'> & { onCancel(): void }) {
  const { t } = useTranslation();
  const isNew = !document;
  const locale = currentLocale();
  const create = useCreateDocument(companyId);
  const update = useUpdateDocument(companyId);
  const form = useForm<FormValues>({
    mode: 'all',
    // Rebuilt per language: the size limit is written in the reader's units ("10 Mo" / "10 MB").
    resolver: zodResolver(documentFormSchema(locale, isNew ? 'new' : 'edit')) as unknown as Resolver<FormValues>,
    defaultValues: {
      file: null,
      categoryId: document?.categoryId ?? null,
      name: document?.name ?? '',
      date: document?.date ?? today(),
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  const upload = useDocumentUpload();
  const openPicker = useRef<() => void>(null);
  /** The name the last chosen file suggested: replaced by the next file only if the user kept it. */
  const suggestedName = useRef('');

  /**
   * A refused file names nothing: the name it suggested goes, unless the user changed it.
   * Left empty without a message: the user has not touched the field yet.
   */
  function forgetSuggestedName() {
    if (suggestedName.current !== '' && form.getValues('name') === suggestedName.current) {
      form.setValue('name', '', { shouldDirty: true });
    }
    suggestedName.current = '';
  }

  function chooseFile(file: File | undefined) {
    if (!file) return;
    upload.cancel();
    form.setValue('file', file, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    // Only a file that can be saved is uploaded or names the document: the size and type messages
    // show at once instead.
    if (documentFileProblem(file, locale)) {
      forgetSuggestedName();
      return;
    }
    const name = form.getValues('name');
    if (name.trim() === '' || name === suggestedName.current) {
      suggestedName.current = withoutExtension(file.name);
      form.setValue('name', suggestedName.current, { shouldValidate: true, shouldDirty: true });
    }
    void upload.start(file).catch(() => undefined);
  }

  async function save(values: FormValues) {
    try {
      if (isNew) {
        const file = values.file!;
        let key: string;
        try {
          key = await upload.keyOf(file);
        } catch (error) {
          if ((error as Error).name === 'AbortError') return;
          // The server's reason when it refused the upload URL (ADR 0034 §7); otherwise the transfer failed.
          if (error instanceof ApiError) reportError(error);
          else toast('error', t('documents.modal.uploadFailed'));
          return;
        }
        await create.mutateAsync({
          name: values.name,
          date: values.date,
          categoryId: values.categoryId!,
          fileName: key,
          fileType: file.type as DocumentFileType,
          fileSize: file.size,
        });
        toast('success', t('documents.toasts.created'));
      } else {
        await update.mutateAsync({
          id: document.id,
          name: values.name,
          date: values.date,
          categoryId: values.categoryId!,
        });
        toast('success', t('documents.toasts.saved'));
      }
      unsaved.release();
      onClose();
    } catch (error) {
      if (isNew && error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // A refused save deletes its upload on the server: the next try uploads the file again.
        upload.cancel();
      }
      if (error instanceof ApiError && error.status === 422) {
        if (Object.keys(error.fieldErrors).some((path) => FILE_FIELDS.has(path))) forgetSuggestedName();
        reportError(error, {
          setError: form.setError,
          fieldOf: (path) => (FILE_FIELDS.has(path) ? 'file' : (path as keyof FormValues)),
        });
      } else {
        reportError(error, { fallbackKey: 'documents.toasts.saveFailed' });
      }
    }
  }

  const file = useWatch({ control: form.control, name: 'file' });
  const fileErrorId = 'document-file-error';
  const fileLabelId = 'document-file-label';
  const fileHintId = 'document-file-hint';
  const fileError = fieldError(form, 'file');
  const busy = form.formState.isSubmitting;

  return (
    <form
      className={classes.form}
      noValidate
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      aria-busy={busy}
    >
      <Stack>
        {isNew ? (
          <Input.Wrapper
            label={t('documents.modal.file')}
            labelElement="div"
            labelProps={{ id: fileLabelId }}
            required
            error={fileError}
            errorProps={{ id: fileErrorId }}
          >
            <Dropzone
              onDropAny={(accepted, rejected) => chooseFile(accepted[0] ?? rejected[0]?.file)}
              onDrop={() => undefined}
              multiple={false}
              disabled={busy}
              openRef={openPicker}
              // The drop area is for the mouse; keyboard users get the real button below, since an
              // element with a button role may not contain the file input.
              role="group"
              tabIndex={-1}
              activateOnKeyboard={false}
              aria-labelledby={`${fileLabelId} ${fileHintId}`}
              inputProps={{ accept: 'application/pdf,image/jpeg,.pdf,.jpg,.jpeg' }}
              mt={4}
              p="md"
            >
              <Stack gap={4} align="center" style={{ pointerEvents: 'none' }}>
                <Text size="sm" ta="center" id={fileHintId}>
                  {t('documents.modal.dropzone')}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('documents.modal.dropzoneHint', { max: formatFileSize(MAX_UPLOAD_BYTES, locale) })}
                </Text>
                {file && (
                  <Text size="sm" fw={600} data-testid="chosen-file">
                    {t('documents.modal.chosen', { name: file.name, size: formatFileSize(file.size, locale) })}
                  </Text>
                )}
              </Stack>
            </Dropzone>
            <Button
              variant="default"
              mt="xs"
              onClick={() => openPicker.current?.()}
              disabled={busy}
              aria-describedby={fileError ? fileErrorId : undefined}
              data-autofocus
            >
              {t('documents.modal.choose')}
            </Button>
            {file && upload.state !== 'idle' && (
              <Stack gap={2} mt="xs">
                <Progress
                  value={upload.state === 'done' ? 100 : upload.state === 'uploading' ? upload.percent : 0}
                  color={upload.state === 'failed' ? 'red.8' : undefined}
                  aria-label={t('documents.modal.progress', { name: file.name })}
                  size="lg"
                />
                <Text size="xs" c={upload.state === 'failed' ? 'red.9' : 'gray.7'} aria-live="polite">
                  {upload.state === 'done'
                    ? t('documents.modal.uploaded')
                    : upload.state === 'failed'
                      ? (upload.message ?? t('documents.modal.uploadFailed'))
                      : t('documents.modal.uploading', { percent: upload.percent })}
                </Text>
              </Stack>
            )}
          </Input.Wrapper>
        ) : (
          <Text size="sm" c="gray.8">
            {t('documents.modal.currentFile', { name: document.name })}
          </Text>
        )}

        <Controller
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <Select
              label={t('documents.modal.category')}
              placeholder={t('documents.modal.categoryPlaceholder')}
              required
              data={categoryChoices(categories)}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={fieldError(form, 'categoryId')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label={t('documents.modal.name')}
          required
          error={fieldError(form, 'name')}
          {...form.register('name')}
          data-autofocus={isNew ? undefined : true}
        />
        <DayInput form={form} name="date" label={t('documents.modal.date')} required />

        <FormButtons
          onCancel={onCancel}
          cancel={t('documents.modal.cancel')}
          submit={t('documents.modal.save')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}
