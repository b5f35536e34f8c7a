import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { CONTACT_ROLES, type ContactRole } from '../../shared/notices/rules';
import { ApiError } from '../api/client';
import {
  useContacts,
  useNoticeHold,
  useRemoveContact,
  useSaveContact,
  type Contact,
  type ContactValues,
} from '../api/notices';
import { useTranslation } from '../i18n';
import { toast } from './toasts';

/**
 * A company's contacts on its page (docs/decisions/0073): the people the notices are written to, each with a
 * language and roles, a preferred contact per role, owners made contacts in one click, and the company's hold.
 * Here rather than in a feature: the company page shows it and may not import another feature.
 */
export function CompanyContacts({ companyId, owners }: { companyId: string; owners: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const query = useContacts(companyId);
  const remove = useRemoveContact(companyId);
  const [editing, setEditing] = useState<{ contact: Contact | null; draft: Partial<ContactValues> } | null>(null);
  const contacts = query.data?.contacts ?? [];
  const freeOwners = owners.filter((owner) => owner.id && !contacts.some((c) => c.ownerId === owner.id));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="company-contacts-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="company-contacts-title">
          {t('notices.contacts.title')}
        </Title>
        {!editing && (
          <Button variant="light" onClick={() => setEditing({ contact: null, draft: {} })}>
            {t('notices.contacts.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        {t('notices.contacts.intro')}
      </Text>
      {query.data && <HoldControl companyId={companyId} hold={query.data.hold} />}
      {contacts.length === 0 ? (
        <Text c="gray.7">{t('notices.contacts.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notices.contacts.name')}</Table.Th>
                <Table.Th>{t('notices.contacts.email')}</Table.Th>
                <Table.Th>{t('notices.contacts.language')}</Table.Th>
                <Table.Th>{t('notices.contacts.roles')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('notices.contacts.edit')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Td>{contact.name}</Table.Td>
                  <Table.Td>{contact.email}</Table.Td>
                  <Table.Td>{t(`notices.language.${contact.locale}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {contact.roles.map((role) => (
                        <Badge
                          key={role}
                          variant={contact.preferredFor.includes(role) ? 'filled' : 'outline'}
                          color="blue.8"
                        >
                          {t(`notices.role.${role}`)}
                          {contact.preferredFor.includes(role) ? ` · ${t('notices.contacts.preferred')}` : ''}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`${t('notices.contacts.edit')} ${contact.name}`}
                        onClick={() => setEditing({ contact, draft: { ...contact, ownerId: undefined } })}
                      >
                        {t('notices.contacts.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        c="red.9"
                        aria-label={`${t('notices.contacts.remove')} ${contact.name}`}
                        onClick={() => {
                          if (!window.confirm(t('notices.contacts.removeConfirm', { name: contact.name }))) return;
                          remove.mutate(contact.id, {
                            onSuccess: () => toast('success', t('notices.contacts.removed')),
                          });
                        }}
                      >
                        {t('notices.contacts.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {freeOwners.length > 0 && !editing && (
        <Group mt="sm" gap="xs" aria-label={t('notices.contacts.owners')} role="group">
          {freeOwners.map((owner) => (
            <Button
              key={owner.id}
              size="xs"
              variant="default"
              onClick={() =>
                setEditing({ contact: null, draft: { name: owner.name, ownerId: owner.id, roles: ['owner'] } })
              }
            >
              {t('notices.contacts.fromOwner', { name: owner.name })}
            </Button>
          ))}
        </Group>
      )}
      {editing && (
        <ContactForm
          companyId={companyId}
          contact={editing.contact}
          draft={editing.draft}
          onDone={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

function ContactForm({
  companyId,
  contact,
  draft,
  onDone,
}: {
  companyId: string;
  contact: Contact | null;
  draft: Partial<ContactValues>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveContact(companyId);
  const [values, setValues] = useState<ContactValues>({
    name: draft.name ?? '',
    email: draft.email ?? '',
    locale: draft.locale ?? i18n.language,
    roles: draft.roles ?? [],
    preferredFor: draft.preferredFor ?? [],
    ...(draft.ownerId ? { ownerId: draft.ownerId } : {}),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<ContactValues>) => setValues((v) => ({ ...v, ...change }));
  const toggle = (list: ContactRole[], role: ContactRole, on: boolean) =>
    on ? [...list, role] : list.filter((r) => r !== role);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: contact?.id ?? null, values },
      {
        onSuccess: () => {
          toast('success', t('notices.contacts.saved'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
          else toast('error', error instanceof ApiError ? error.body.message : t('errors.generic'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('notices.contacts.add')}>
      <Stack mt="md" gap="sm">
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('notices.contacts.name')}
            value={values.name ?? ''}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors['name']}
            required
            miw={200}
          />
          <TextInput
            label={t('notices.contacts.email')}
            type="email"
            value={values.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errors['email']}
            required
            miw={200}
          />
        </Group>
        <Radio.Group
          label={t('notices.contacts.language')}
          value={values.locale}
          onChange={(value) => set({ locale: value as Locale })}
          error={errors['locale']}
        >
          <Group mt={4}>
            <Radio value="fr" label={t('notices.language.fr')} />
            <Radio value="en" label={t('notices.language.en')} />
          </Group>
        </Radio.Group>
        <Checkbox.Group label={t('notices.contacts.roles')} value={values.roles} error={errors['roles']}>
          <Group mt={4}>
            {CONTACT_ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`notices.role.${role}`)}
                onChange={(e) =>
                  set({
                    roles: toggle(values.roles, role, e.currentTarget.checked),
                    preferredFor: e.currentTarget.checked
                      ? values.preferredFor
                      : toggle(values.preferredFor, role, false),
                  })
                }
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('notices.contacts.preferredFor')}
          value={values.preferredFor}
          error={errors['preferredFor']}
        >
          <Group mt={4}>
            {CONTACT_ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                disabled={!values.roles.includes(role)}
                label={t(`notices.role.${role}`)}
                onChange={(e) => set({ preferredFor: toggle(values.preferredFor, role, e.currentTarget.checked) })}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {errors['ownerId'] && (
          <Alert color="red" role="alert">
            {errors['ownerId']}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('notices.contacts.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('notices.contacts.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HoldControl({ companyId, hold }: { companyId: string; hold: { held: boolean; reason: string | null } }) {
  const { t } = useTranslation();
  const mutation = useNoticeHold();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (hold.held)
    return (
      <Alert color="orange" mb="sm" title={t('notices.contacts.held', { reason: hold.reason ?? '' })}>
        <Button
          size="xs"
          variant="default"
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              { companyId, held: false },
              { onSuccess: () => toast('success', t('notices.contacts.resumed')) },
            )
          }
        >
          {t('notices.contacts.resume')}
        </Button>
      </Alert>
    );
  return (
    <Group
      mb="sm"
      align="flex-end"
      component="form"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        mutation.mutate(
          { companyId, held: true, reason },
          {
            onSuccess: () => toast('success', t('notices.contacts.holdSaved')),
            onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors['reason'] ?? e.body.message) : undefined),
          },
        );
      }}
    >
      <TextInput
        label={t('notices.contacts.holdReason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button type="submit" variant="default" loading={mutation.isPending}>
        {t('notices.contacts.hold')}
      </Button>
    </Group>
  );
}
