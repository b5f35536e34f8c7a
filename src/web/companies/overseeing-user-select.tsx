import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { Company } from '../../shared/companies';
import { SelectField } from '../components/select-field';
import { useUserOptions } from '../api/user-options';
import { NONE, useCompanyForm } from './fields';

interface Option {
  value: string;
  label: string;
}

/**
 * docs/SPEC.md §2 overseeingUser: optional, among active users only, searched on the server (there may be
 * more than one page of them), 'none' first. The chosen person keeps their name when the results do
 * not hold them: the saved one from the company read (named as archived when they were archived since,
 * and kept on save while unchanged), a newly picked one from the moment they were picked.
 */
export function OverseeingUserSelect({ saved }: { saved: Company['overseeingUser'] }) {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<Option | null>(null);
  const chosenId = useWatch({ control: form.control, name: 'overseeingUserId' }) ?? null;
  const noneLabel = t('companies.form.fields.overseeingUserNone');
  const savedOption: Option | null = saved && {
    value: saved.id,
    label: saved.archived ? t('accountSecurity.archivedUser', { name: saved.fullName }) : saved.fullName,
  };
  const chosen = [picked, savedOption].find((option) => option && option.value === chosenId) ?? null;
  // While the box shows the chosen name (or "none"), the list is not narrowed to it.
  const shownLabel = chosenId ? chosen?.label : noneLabel;
  const query = useUserOptions(debounced === shownLabel ? '' : debounced);

  const users = query.data ?? [];
  const data = [
    { value: NONE, label: noneLabel },
    ...(chosen && !users.some((user) => user.id === chosen.value) ? [chosen] : []),
    ...users.map((user) => ({ value: user.id, label: user.fullName })),
  ];

  return (
    <SelectField
      form={form}
      name="overseeingUserId"
      label={t('companies.form.fields.overseeingUser')}
      searchable
      // The server already searched (accent-insensitive): show what it found.
      filter={({ options }) => options}
      onSearchChange={setSearch}
      nothingFoundMessage={t('companies.form.nothingFound')}
      data={data}
      shown={(value) => (typeof value === 'string' && value ? value : NONE)}
      stored={(value) => (value === NONE ? null : value)}
      onChange={(value, option) => setPicked(value && option && value !== NONE ? { value, label: option.label } : null)}
    />
  );
}
