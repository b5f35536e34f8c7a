import { useState } from 'react';
import { FormButtons } from '../components/form-buttons';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_EXTENSIONS, isDocumentFileType, type CompanyDocument } from '../../shared/documents';
import { formatInstant } from '../../shared/intl';
import { CHECKLIST_STAGES, isClosed, itemChangeRefusal, type ItemStatus } from '../../shared/pipeline';
import { todayIso } from '../../shared/portfolio/schedule';
import { documentFileProblem } from '../../shared/schemas/document';
import { PIPELINE_LIMITS } from '../../shared/schemas/pipeline';
import type { ChecklistItem, FundingRequest } from '../../shared/schemas/pipeline-answers';
import type { ListMeta } from '../../shared/wire';
import { ApiError, api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { uploadFile } from '../api/upload';
import { toast } from '../components/toasts';
import { ModalGuardProvider, useGuardedClose, useUnsavedChanges } from '../components/unsaved-changes';
import { i18n as appI18n, currentLocale, translateMessage, useTranslation, type KeyUnder } from '../i18n';
import { useChecklist, useSetItem } from './api';

type Dialog = { kind: 'receive' | 'waive'; item: ChecklistItem } | null;

/**
 * The request's checklist by stage (docs/decisions/0039): each item missing → received (a document of the
 * company, picked or uploaded here) → verified, or waived with a reason.
 */
export function ChecklistSection({ request }: { request: FundingRequest }) {
  const { t } = useTranslation();
  const checklist = useChecklist(request.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = checklist.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="checklist-title">
      <Title order={2} size="h3" id="checklist-title" mb="sm">
        {t('pipeline.checklist.title')}
      </Title>
      {checklist.isPending ? null : request.state === 'draft' ? (
        <Text c="gray.7">{t('pipeline.checklist.notFixed')}</Text>
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('pipeline.checklist.empty')}</Text>
      ) : (
        <Stack>
          {CHECKLIST_STAGES.filter((stage) => items.some((item) => item.stage === stage)).map((stage) => (
            <Stack key={stage} gap="xs" component="section" aria-labelledby={`stage-${stage}`}>
              <Title order={3} size="h4" id={`stage-${stage}`}>
                {t(`pipeline.stage.${stage}`)}
              </Title>
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items
                  .filter((item) => item.stage === stage)
                  .map((item) => (
                    <Item
                      key={item.id}
                      request={request}
                      item={item}
                      closed={isClosed(request.state)}
                      onOpen={(kind) => setDialog({ kind, item })}
                    />
                  ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      <ItemModal request={request} dialog={dialog} onClose={() => setDialog(null)} />
    </Paper>
  );
}

const STATUS_COLOR: Record<ItemStatus, string> = {
  missing: 'red.9',
  received: 'blue.9',
  verified: 'teal.9',
  waived: 'gray.7',
};

function Item({
  request,
  item,
  closed,
  onOpen,
}: {
  request: FundingRequest;
  item: ChecklistItem;
  closed: boolean;
  onOpen(kind: 'receive' | 'waive'): void;
}) {
  const { t, i18n } = useTranslation();
  const setItem = useSetItem(request);
  const c = (key: KeyUnder<'pipeline.checklist'>, params?: Record<string, unknown>) =>
    t(`pipeline.checklist.${key}`, params);
  // Verifying keeps the document the item was received with; every other change here clears it.
  const change = (status: ItemStatus, documentId: string | null = null) =>
    setItem.mutate(
      { itemId: item.id, status, documentId, waivedReason: null },
      {
        onSuccess: (saved) => said(saved),
        onError: (error) =>
          toast('error', error instanceof ApiError ? error.body.message : appI18n.t('errors.generic')),
      },
    );
  /** One of the item's actions, named with the item for whoever hears the buttons out of their row. */
  const action = (
    name: 'receive' | 'verify' | 'waive' | 'reopen',
    props: { variant: 'filled' | 'default' | 'subtle'; loading?: boolean; onClick(): void },
  ) => (
    <Button size="xs" {...props} aria-label={c(`${name}Named`, { item: item.label })}>
      {c(name)}
    </Button>
  );
  return (
    <Paper component="li" withBorder p="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={500}>{item.label}</Text>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[item.status]} variant="filled">
              {t(`pipeline.itemStatus.${item.status}`)}
            </Badge>
            <Badge color="gray.8" variant="outline">
              {c(item.required ? 'required' : 'optional')}
            </Badge>
          </Group>
          {item.documentName && <Text size="sm">{c('document', { name: item.documentName })}</Text>}
          {item.status === 'verified' && item.verifiedAt && (
            <Text size="sm" c="gray.7">
              {c('verifiedBy', {
                name: item.verifiedByName ?? '—',
                date: formatInstant(item.verifiedAt, i18n.language),
              })}
            </Text>
          )}
          {item.status === 'waived' && item.waivedReason && (
            <Text size="sm" c="gray.7">
              {c('waivedBecause', { reason: item.waivedReason })}
            </Text>
          )}
        </Stack>
        {!closed && (
          <Group gap="xs">
            {item.status === 'missing' && action('receive', { variant: 'filled', onClick: () => onOpen('receive') })}
            {item.status === 'received' &&
              action('verify', {
                variant: 'filled',
                loading: setItem.isPending,
                onClick: () => change('verified', item.documentId),
              })}
            {(item.status === 'missing' || item.status === 'received') &&
              action('waive', { variant: 'default', onClick: () => onOpen('waive') })}
            {item.status !== 'missing' &&
              itemChangeRefusal(request.state, item, 'missing') === null &&
              action('reopen', { variant: 'subtle', onClick: () => change('missing') })}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

const said = (saved: ChecklistItem) =>
  toast(
    'success',
    appI18n.t('pipeline.checklist.saved', {
      item: saved.label,
      status: appI18n.t(`pipeline.itemStatus.${saved.status}`),
    }),
  );

function ItemModal({ request, dialog, onClose }: { request: FundingRequest; dialog: Dialog; onClose(): void }) {
  const { t } = useTranslation();
  const guard = useGuardedClose(onClose);
  // The last dialog stays drawn while the modal fades out.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const current = dialog ?? shown;
  const title = current
    ? t(current.kind === 'receive' ? 'pipeline.checklist.receiveTitle' : 'pipeline.checklist.waiveTitle', {
        item: current.item.label,
      })
    : '';
  return (
    <Modal opened={dialog !== null} onClose={guard.close} title={title} size="lg">
      <ModalGuardProvider value={guard}>
        {dialog?.kind === 'receive' && (
          <ReceiveForm request={request} item={dialog.item} onDone={onClose} onCancel={guard.close} />
        )}
        {dialog?.kind === 'waive' && (
          <WaiveForm request={request} item={dialog.item} onDone={onClose} onCancel={guard.close} />
        )}
      </ModalGuardProvider>
    </Modal>
  );
}

interface FormProps {
  request: FundingRequest;
  item: ChecklistItem;
  onDone(): void;
  onCancel(): void;
}

/** The company's documents to pick from, latest first (the fifty latest: the search narrows the rest). */
function useCompanyDocuments(companyId: string) {
  return useQuery({
    queryKey: [...queryKeys.documents(companyId), 'checklist'],
    queryFn: async () =>
      (
        await api<CompanyDocument[], ListMeta>('GET', `/companies/${companyId}/documents`, {
          query: { 'page[size]': 50, sort: '-inserted_at' },
        })
      ).data,
  });
}

/** Received: a document of the company, picked from its documents or uploaded here (and saved as one of them). */
function ReceiveForm({ request, item, onDone, onCancel }: FormProps) {
  const { t } = useTranslation();
  const documents = useCompanyDocuments(request.companyId);
  const setItem = useSetItem(request);
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(item.label);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unsaved = useUnsavedChanges(documentId !== null || file !== null);
  const c = (key: KeyUnder<'pipeline.checklist'>, params?: Record<string, unknown>) =>
    t(`pipeline.checklist.${key}`, params);
  const fileProblem = file ? translateMessage(documentFileProblem(file, currentLocale())) : undefined;

  const submit = async () => {
    setProblem(null);
    if (!documentId && !file) return setProblem(c('chooseOne'));
    if (fileProblem) return;
    setBusy(true);
    try {
      let linked = documentId;
      if (file) {
        const type = isDocumentFileType(file.type) ? file.type : 'application/pdf';
        const key = await uploadFile(file, DOCUMENT_EXTENSIONS[type], setPercent);
        const created = await api<CompanyDocument>('POST', `/companies/${request.companyId}/documents`, {
          body: {
            name: name.trim() || item.label,
            date: todayIso(),
            categoryId: item.categoryId,
            fileName: key,
            fileType: type,
            fileSize: file.size,
          },
        });
        linked = created.data.id;
        // The document is saved: picked from now on, so that a refusal below does not upload it twice.
        setFile(null);
        setDocumentId(linked);
      }
      const saved = await setItem.mutateAsync({
        itemId: item.id,
        status: 'received',
        documentId: linked,
        waivedReason: null,
      });
      unsaved.release();
      said(saved);
      onDone();
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? [error.body.message, ...Object.values(error.fieldErrors)].filter(Boolean).join(' ')
          : c('uploadFailed'),
      );
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };

  const options = (documents.data ?? []).map((document) => ({ value: document.id, label: document.name }));
  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {documents.data && options.length === 0 ? (
          <Text size="sm">{c('noDocuments')}</Text>
        ) : (
          <Select
            label={c('pick')}
            placeholder={c('pickPlaceholder')}
            data={options}
            value={documentId}
            onChange={(value) => {
              setDocumentId(value);
              if (value) setFile(null);
            }}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        <Text size="sm" fw={500}>
          {c('or')}
        </Text>
        <FileInput
          label={c('file')}
          accept="application/pdf,image/jpeg"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            if (chosen) setDocumentId(null);
          }}
          clearable
          error={fileProblem}
        />
        {file && (
          <TextInput
            label={c('fileName')}
            value={name}
            maxLength={PIPELINE_LIMITS.text}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
        {percent !== null && <Progress value={percent} aria-label={c('uploading', { percent })} />}
        {problem && (
          <Alert color="red.9" variant="outline" role="alert">
            {problem}
          </Alert>
        )}
        <FormButtons onCancel={onCancel} cancel={c('cancel')} submit={c('confirm')} busy={busy} />
      </Stack>
    </form>
  );
}

/** Waived, with the reason the route requires. */
function WaiveForm({ request, item, onDone, onCancel }: FormProps) {
  const { t } = useTranslation();
  const setItem = useSetItem(request);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unsaved = useUnsavedChanges(reason !== '');
  const c = (key: KeyUnder<'pipeline.checklist'>) => t(`pipeline.checklist.${key}`);
  const submit = () => {
    setError(null);
    setItem.mutate(
      { itemId: item.id, status: 'waived', documentId: null, waivedReason: reason },
      {
        onSuccess: (saved) => {
          unsaved.release();
          said(saved);
          onDone();
        },
        onError: (refusal) =>
          setError(
            refusal instanceof ApiError
              ? (refusal.fieldErrors['waivedReason'] ?? refusal.body.message)
              : appI18n.t('errors.generic'),
          ),
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Textarea
          label={c('reason')}
          required
          rows={3}
          maxLength={PIPELINE_LIMITS.longText}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <FormButtons onCancel={onCancel} cancel={c('cancel')} submit={c('confirm')} busy={setItem.isPending} />
      </Stack>
    </form>
  );
}
