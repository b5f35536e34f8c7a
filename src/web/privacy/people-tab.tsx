import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { downloadFile } from '../api/client';
import { reportError } from '../components/server-errors';
import { useTranslation, type KeyUnder } from '../i18n';
import { usePeople } from './api';

/** A person's data: found by name (accents aside), downloaded as one zip of JSON and CSV. */
export function PeopleTab() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const people = usePeople(query);
  const kindName = (kind: string) =>
    ['owner', 'contact', 'guarantor'].includes(kind)
      ? t(`privacy.people.kind.${kind as KeyUnder<'privacy.people.kind'>}`)
      : kind;
  return (
    <Stack maw={760}>
      <form
        noValidate
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('privacy.people.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit">{t('privacy.people.find')}</Button>
        </Group>
      </form>
      {people.data && people.data.length === 0 && <Text c="gray.7">{t('privacy.people.none')}</Text>}
      {people.data && people.data.length > 0 && (
        <ul aria-label={t('privacy.people.title')}>
          {people.data.map((person) => (
            <li key={`${person.kind}:${person.id}`}>
              <Group justify="space-between" py={4}>
                <Text>
                  {person.name} — {kindName(person.kind)}
                  {person.company ? `, ${person.company.name}` : ''}
                  {person.detail ? ` (${person.detail})` : ''}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() =>
                    void downloadFile(`/privacy/people/${person.kind}/${person.id}/export`).catch(reportError)
                  }
                  aria-label={t('privacy.people.download', { name: person.name })}
                >
                  {t('privacy.people.download', { name: person.name })}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
