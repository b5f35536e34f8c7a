import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { fieldError } from '../components/form';
import { useActiveUsers, useUserById } from './api';
import { NONE, useCompanyForm } from './fields';

/**
 * SPEC §2 overseeingUser: optional, among active users only, searched on the server (there may be
 * more than one page of them), 'none' first. The chosen user is fetched on its own so that its name
 * shows even when it is not in the current results.
 */
export function OverseeingUserSelect() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const chosenId = useWatch({ control: form.control, name: 'overseeingUserId' }) ?? null;
  const chosen = useUserById(chosenId);
  const noneLabel = t('companies.form.fields.overseeingUserNone');
  // While the box shows the chosen name (or "none"), the list is not narrowed to it.
  const shownLabel = chosenId ? chosen.data?.fullName : noneLabel;
  const query = useActiveUsers(debounced === shownLabel ? '' : debounced);

  const users = query.data ?? [];
  const data = [
    { value: NONE, label: noneLabel },
    ...(chosen.data && !users.some((user) => user.id === chosen.data.id)
      ? [{ value: chosen.data.id, label: chosen.data.fullName }]
      : []),
    ...users.map((user) => ({ value: user.id, label: user.fullName })),
  ];

  return (
    <Controller
      control={form.control}
      name="overseeingUserId"
      render={({ field }) => (
        <Select
          ref={field.ref}
          label={t('companies.form.fields.overseeingUser')}
          searchable
          // The server already searched (accent-insensitive, over names and email): show what it found.
          filter={({ options }) => options}
          onSearchChange={setSearch}
          nothingFoundMessage={t('companies.form.nothingFound')}
          allowDeselect={false}
          data={data}
          value={field.value || NONE}
          onChange={(value) => field.onChange(value === NONE ? null : value)}
          onBlur={field.onBlur}
          error={fieldError(form, 'overseeingUserId')}
        />
      )}
    />
  );
}
