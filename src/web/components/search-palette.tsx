import { useId, useState } from 'react';
import { Badge, Box, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { MarkedText } from './marked-text';
import { useTranslation } from '../i18n';
import { useSession } from '../session/session';
import { companyScreenPath, CURRENT_COMPANY_SCREENS, type CurrentCompanyScreen } from '../session/current-company';
import { searchWordsOf, type SearchResults } from '../../shared/search';

const CURRENT_COMPANY_SCREEN_KEYS = Object.keys(CURRENT_COMPANY_SCREENS) as CurrentCompanyScreen[];

/** Results as the user types, once the typing pauses. */
const DEBOUNCE_MS = 200;

/** The results' groups in order: the best company's history and documents come right after the companies. */
const GROUPS = ['companies', 'shortcuts', 'documents', 'events', 'users'] as const;
type Group = (typeof GROUPS)[number];

interface Option {
  kind: Group;
  id: string;
  title: string;
  /** The title with the matched words marked, as the server marked it (empty: the title as it is). */
  highlight: string;
  /** The second line, marked by the server: what tells a company apart, an excerpt, a user's email. */
  detail?: string;
  /** A plain line under them: the company of a document or event, the company of a shortcut. */
  context?: string;
  archived?: boolean;
  open(): void;
}

/**
 * The global search (ADR 0022): a combobox over grouped results (WAI-ARIA combobox with a listbox). Focus
 * stays in the input; the arrows move the active option (aria-activedescendant), Enter opens it, and a
 * status line announces the number of results. A document or event makes its company current and opens
 * that company's list searched for the same words, where its row shows the excerpt; the best company
 * also offers its history and documents directly (ADR 0032).
 */
export default function SearchPalette({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const ids = useId();
  const words = searchWordsOf(debounced);

  const query = useQuery({
    queryKey: queryKeys.searchOf(words, i18n.language),
    queryFn: async ({ signal }) =>
      (await api<SearchResults>('GET', '/search', { query: { q: debounced }, signal })).data,
    enabled: opened && words.length > 0,
    placeholderData: keepPreviousData,
  });

  const close = () => {
    onClose();
    setText('');
    setActive(0);
  };

  const go = (to: string) => () => {
    close();
    void navigate(to);
  };

  // Rebuilt on each render: at most 20 results.
  const groups = (() => {
    const data = words.length > 0 ? query.data : undefined;
    const search = encodeURIComponent(words.join(' '));
    const inCompany = (name: string, archived: boolean) =>
      t(archived ? 'search.inArchivedCompany' : 'search.inCompany', { name });
    // The best company, when it can be worked on, also opens straight to its history or documents.
    const best = data?.companies?.[0];
    const options: Record<Group, Option[]> = {
      companies: (data?.companies ?? []).map((hit) => ({
        kind: 'companies',
        ...hit,
        open: go(`/companies/${hit.id}`),
      })),
      shortcuts:
        best && !best.archived
          ? CURRENT_COMPANY_SCREEN_KEYS.map((screen) => ({
              kind: 'shortcuts',
              id: `${screen}-${best.id}`,
              title: t(`layout.${screen}`),
              highlight: '',
              context: best.title,
              open: go(companyScreenPath(best.id, screen)),
            }))
          : [],
      // A document or event opens its company's list searched for the same words, the company made current.
      documents: (data?.documents ?? []).map((hit) => ({
        kind: 'documents',
        ...hit,
        context: inCompany(hit.companyName, hit.companyArchived),
        open: go(companyScreenPath(hit.companyId, 'documents', `?search=${search}`)),
      })),
      events: (data?.events ?? []).map((hit) => ({
        kind: 'events',
        ...hit,
        context: inCompany(hit.companyName, hit.companyArchived),
        open: go(companyScreenPath(hit.companyId, 'events', `?search=${search}`)),
      })),
      users: (data?.users ?? []).map((hit) => ({ kind: 'users', ...hit, open: go(`/users/${hit.id}`) })),
    };
    const shown = GROUPS.map((kind) => ({ kind, options: options[kind] })).filter((group) => group.options.length > 0);
    // Each group's first option's index in the whole list (the arrows go through all groups).
    return shown.map((group, i) => ({
      ...group,
      start: shown.slice(0, i).reduce((sum, previous) => sum + previous.options.length, 0),
    }));
  })();

  const flat = groups.flatMap((group) => group.options);
  const current = Math.min(active, Math.max(flat.length - 1, 0));
  const optionId = (index: number) => `${ids}-option-${index}`;
  const listId = `${ids}-list`;
  const searching = words.length > 0 && (query.isFetching || debounced !== text);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (flat.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((current + 1) % flat.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current - 1 + flat.length) % flat.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      flat[current]?.open();
    }
  };

  const count =
    flat.length === 0
      ? t('search.countNone')
      : flat.length === 1
        ? t('search.countOne')
        : t('search.countMany', { count: flat.length });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('search.dialogTitle')}
      size="lg"
      yOffset="8vh"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          type="search"
          label={session.isAdmin ? t('search.inputLabelAdmin') : t('search.inputLabel')}
          placeholder={t('search.placeholder')}
          description={t('search.instructions')}
          // Mantine's dimmed description is too pale on white (axe colour contrast).
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-activedescendant={flat.length > 0 ? optionId(current) : undefined}
          // The status line below says it is searching: the spinner only shows it.
          rightSection={searching ? <Loader size="xs" aria-hidden /> : null}
          autoComplete="off"
          spellCheck={false}
        />
        <Text size="sm" c="gray.7" role="status" aria-live="polite">
          {words.length === 0
            ? ''
            : query.isError
              ? t('search.failed')
              : searching && flat.length === 0
                ? t('search.loading')
                : count}
        </Text>
        <Box id={listId} role="listbox" aria-label={t('search.dialogTitle')} mah="60vh" style={{ overflowY: 'auto' }}>
          {groups.map((group) => (
            <Box key={group.kind} role="group" aria-labelledby={`${ids}-${group.kind}`} mb="sm">
              <Text id={`${ids}-${group.kind}`} size="xs" fw={700} tt="uppercase" c="gray.7" mb={4} role="presentation">
                {t(`search.kinds.${group.kind}`)}
              </Text>
              {group.options.map((option, position) => {
                const at = group.start + position;
                const selected = at === current;
                return (
                  <UnstyledButton
                    key={`${option.kind}-${option.id}`}
                    component="div"
                    id={optionId(at)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    onMouseMove={() => setActive(at)}
                    onClick={option.open}
                    display="block"
                    w="100%"
                    px="sm"
                    py={6}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                    }}
                  >
                    {/* The name once, marked; under it what tells it apart or where the words were found. */}
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text fw={600} size="sm" truncate>
                        {option.highlight ? <MarkedText highlight={option.highlight} /> : option.title}
                      </Text>
                      {option.archived && (
                        <Badge size="xs" color="gray.8" variant="outline">
                          {t('search.archived')}
                        </Badge>
                      )}
                    </Group>
                    {option.detail && (
                      <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                        <MarkedText highlight={option.detail} />
                      </Text>
                    )}
                    {option.context && (
                      <Text size="xs" c="gray.7">
                        {option.context}
                      </Text>
                    )}
                  </UnstyledButton>
                );
              })}
            </Box>
          ))}
        </Box>
      </Stack>
    </Modal>
  );
}
