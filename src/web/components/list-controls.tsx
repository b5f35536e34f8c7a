import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../i18n';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '../../shared/constants';

export interface ListState {
  /** 0-based, as docs/SPEC.md §9 says; shown from 1 and sent 1-based on the wire. */
  page: number;
  size: number;
  search: string;
  setPage(page: number): void;
  setSize(size: number): void;
  setSearch(search: string): void;
}

/**
 * Page, page size and search of a list, kept in the address bar so that going back, reloading or sharing
 * the link keeps them. Changing the size or the search goes back to the first page.
 */
export function useListState(): ListState {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const search = params.get('search') ?? '';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    page,
    size,
    search,
    setPage: (p) => update({ page: p > 0 ? String(p + 1) : null }),
    setSize: (s) => update({ size: s === DEFAULT_PAGE_SIZE ? null : String(s), page: null }),
    setSearch: (s) => update({ search: s || null, page: null }),
  };
}

/** A search box that reports its value after the user stops typing (500 ms by default). */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delay = SEARCH_DEBOUNCE_MS,
}: {
  value: string;
  onSearch(value: string): void;
  label: string;
  placeholder?: string;
  delay?: number;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, delay);
  useEffect(() => {
    if (debounced.trim() !== value) onSearch(debounced.trim());
    // onSearch is a fresh closure each render; only a new debounced value should report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}

/** The rows-per-page menu: "10 rows", "25 rows", "50 rows". */
export function RowsPerPageMenu({ size, onChange }: { size: number; onChange(size: number): void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          aria-label={`${t('common.pagination.rowsPerPage')}: ${t('common.rows', { rows: size })}`}
        >
          {t('common.rows', { rows: size })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PAGE_SIZES.map((option) => (
          <Menu.Item key={option} onClick={() => onChange(option)} aria-current={option === size ? 'true' : undefined}>
            {t('common.rows', { rows: option })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Where a paged list stands (pages count from 0) and how to move it. */
interface PagerProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
}

/** Previous / next, as shown next to the search (docs/SPEC.md §2). */
export function PrevNext({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button variant="default" disabled={page <= 0} onClick={() => onChange(page - 1)}>
        {t('common.pagination.previous')}
      </Button>
      <Button variant="default" disabled={page >= totalPages - 1} onClick={() => onChange(page + 1)}>
        {t('common.pagination.next')}
      </Button>
    </Group>
  );
}

/** The numbered pagination below a list: first, previous, up to 3 page buttons, next, last (docs/SPEC.md §9). */
export function NumberedPagination({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const first = Math.min(Math.max(0, page - 1), Math.max(0, totalPages - 3));
  const pages = Array.from({ length: Math.min(3, totalPages) }, (_, i) => first + i);
  const control = (label: string, symbol: string, target: number, disabled: boolean) => (
    <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled} onClick={() => onChange(target)}>
      <span aria-hidden>{symbol}</span>
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={t('common.pagination.label')} gap={6} justify="center" mt="md">
      {control(t('common.pagination.first'), '«', 0, page === 0)}
      {control(t('common.pagination.previous'), '‹', page - 1, page === 0)}
      {pages.map((p) => (
        <Button
          key={p}
          size="compact-md"
          h={34}
          miw={34}
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('common.pagination.page', { page: p + 1 })}
          onClick={() => onChange(p)}
        >
          {p + 1}
        </Button>
      ))}
      {control(t('common.pagination.next'), '›', page + 1, page >= totalPages - 1)}
      {control(t('common.pagination.last'), '»', totalPages - 1, page >= totalPages - 1)}
    </Group>
  );
}

/**
 * The row above a list: its search box, the list's own filters (children), and, for a list paged with
 * previous/next, the rows-per-page menu and those buttons.
 */
export function ListToolbar({
  list,
  searchLabel,
  searchPlaceholder,
  totalPages,
  children,
}: {
  list: ListState;
  searchLabel: string;
  searchPlaceholder: string;
  /** Given when the toolbar pages the list; the documents list pages below itself only. */
  totalPages?: number;
  children?: ReactNode;
}) {
  return (
    <Group align="end" wrap="wrap">
      <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={list.search} onSearch={list.setSearch} />
      {children}
      {totalPages !== undefined && (
        <>
          <RowsPerPageMenu size={list.size} onChange={list.setSize} />
          <PrevNext page={list.page} totalPages={totalPages} onChange={list.setPage} />
        </>
      )}
    </Group>
  );
}
