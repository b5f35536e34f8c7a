import { useId, useMemo } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation, type WebCatalogKey } from '../i18n';
import type { DocumentCategory } from '../../shared/companies';
import {
  DEFAULT_DOCUMENT_SORT,
  DOCUMENT_SORTS,
  groupDocuments,
  type CompanyDocument,
  type DocumentSort,
} from '../../shared/documents';
import { useConfirm } from '../components/confirm-dialog';
import { ListToolbar, NumberedPagination, useListState } from '../components/list-controls';
import { reportError } from '../components/server-errors';
import { useRecordModal } from '../components/record-modal';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useCurrentCompanyId } from '../session/current-company';
import { useDeleteDocument, useDocumentCategories, useDocumentsList } from './api';
import { DocumentModal } from './document-modal';
import { DocumentRow } from './document-row';

/** The "all categories" choice of the filter; any other value is a category id. */
const ALL = 'all';

const isSort = (value: string | null): value is DocumentSort =>
  (DOCUMENT_SORTS as readonly string[]).includes(value ?? '');

/** `-insertedAt` → the catalog key `insertedAt`. */
const SORT_LABEL = {
  name: 'documents.sort.name',
  '-date': 'documents.sort.date',
  '-insertedAt': 'documents.sort.insertedAt',
} as const satisfies Record<DocumentSort, WebCatalogKey>;

/**
 * Choices of the category filter (docs/SPEC.md §2): per parent, an "all in <parent>" choice (the server then
 * includes its children) followed by the children; parents without children stand alone.
 */
function filterChoices(categories: DocumentCategory[], allLabel: string, allIn: (name: string) => string) {
  return [
    { value: ALL, label: allLabel },
    ...categories.map((top) =>
      top.children.length === 0
        ? { value: top.id, label: top.name }
        : {
            group: top.name,
            items: [
              { value: top.id, label: allIn(top.name) },
              ...top.children.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
    ),
  ];
}

/** /documents (needs a current company; the route's guard sends everyone else to /companies). */
export default function DocumentsPage() {
  const companyId = useCurrentCompanyId();
  // The guard renders this page only with a company; the check keeps the types honest.
  return companyId ? <DocumentsOfCompany key={companyId} companyId={companyId} /> : null;
}

function DocumentsOfCompany({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: DocumentSort = isSort(sortParam) ? sortParam : DEFAULT_DOCUMENT_SORT;
  const categoryId = params.get('category');
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        // Another order or category starts from the first page.
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const categories = useDocumentCategories();
  const query = useDocumentsList(companyId, {
    page: list.page,
    size: list.size,
    search: list.search,
    sort,
    categoryId,
  });
  const remove = useDeleteDocument(companyId);
  const modal = useRecordModal<CompanyDocument>();
  const headingPrefix = useId();

  const categoryNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const top of categories.data ?? []) {
      names.set(top.id, top.name);
      for (const child of top.children) names.set(child.id, child.name);
    }
    return names;
  }, [categories.data]);

  const askDelete = (document: CompanyDocument) =>
    confirm({
      text: t('documents.confirmDelete', { name: document.name }),
      danger: true,
      confirmLabel: t('documents.actions.delete'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(document.id);
          toast('success', t('documents.toasts.deleted'));
          // The last row of a later page: show the page before rather than an empty one.
          if (query.data?.documents.length === 1 && list.page > 0) list.setPage(list.page - 1);
        } catch (error) {
          reportError(error, { fallbackKey: 'documents.toasts.deleteFailed' });
        }
      },
    });

  const totalPages = query.data?.meta.totalPages ?? 1;
  const filtered = list.search !== '' || categoryId !== null;
  const groups = query.data ? groupDocuments(query.data.documents, sort) : [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('documents.title')}</Title>
        <Button onClick={() => modal.open()} disabled={!categories.data}>
          {t('documents.new')}
        </Button>
      </Group>

      <ListToolbar list={list} searchLabel={t('documents.search')} searchPlaceholder={t('documents.searchPlaceholder')}>
        <Select
          label={t('documents.sort.label')}
          data={DOCUMENT_SORTS.map((value) => ({ value, label: t(SORT_LABEL[value]) }))}
          value={sort}
          onChange={(value) => setParam('sort', value && value !== DEFAULT_DOCUMENT_SORT ? value : null)}
          allowDeselect={false}
          w={260}
        />
        <Select
          label={t('documents.category.label')}
          data={filterChoices(categories.data ?? [], t('documents.category.all'), (name) =>
            t('documents.category.allIn', { name }),
          )}
          value={categoryId ?? ALL}
          onChange={(value) => setParam('category', typeof value === 'string' && value !== ALL ? value : null)}
          allowDeselect={false}
          maxDropdownHeight={360}
          w={280}
        />
      </ListToolbar>

      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Text role="alert">{t('documents.list.loadFailed')}</Text>
      ) : query.data.documents.length === 0 ? (
        <Text c="gray.7">{filtered ? t('documents.list.noMatch') : t('documents.list.empty')}</Text>
      ) : (
        <Stack gap="lg" aria-label={t('documents.list.label')} component="section">
          {groups.map((group) => {
            const headingId = `${headingPrefix}-${group.key}`;
            return (
              <section key={group.key} aria-labelledby={headingId} data-testid="document-group">
                <Title order={2} size="h3" id={headingId} mb="xs">
                  <span aria-hidden="true">{group.key}</span>
                  <span className="visually-hidden">{t('documents.list.group', { group: group.key })}</span>
                </Title>
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {group.documents.map((document) => (
                    <DocumentRow
                      key={document.id}
                      document={document}
                      search={list.search}
                      categoryName={categoryNames.get(document.categoryId)}
                      onEdit={modal.open}
                      onDelete={askDelete}
                    />
                  ))}
                </Stack>
              </section>
            );
          })}
        </Stack>
      )}
      <NumberedPagination page={list.page} totalPages={totalPages} onChange={list.setPage} />

      <DocumentModal
        opened={modal.opened}
        onClose={modal.close}
        companyId={companyId}
        document={modal.record}
        categories={categories.data ?? []}
      />
    </Stack>
  );
}
