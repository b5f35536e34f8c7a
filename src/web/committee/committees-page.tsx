import { useState } from 'react';
import { FormButtons } from '../components/form-buttons';
import { Badge, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { committeeInputSchema, type CommitteeInput } from '../../shared/schemas/pipeline';
import type { Committee } from '../../shared/schemas/pipeline-answers';
import { fieldError } from '../components/form';
import { TextField } from '../components/text-field';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { i18n as appI18n, useTranslation, type KeyUnder } from '../i18n';
import { useCommittees, useSaveCommittee, useStaffOptions } from './api';
import { committeeRows, emptyMember, type CommitteeRows } from './mapping';
import { QueryState } from '../components/query-state';
import { FormCard } from '../components/form-card';

/** /committees (administrators): the investment committees, their members, chair and quorum (ADR 0043). */
export default function CommitteesPage() {
  const { t } = useTranslation();
  const committees = useCommittees();
  // null: no form open; 'new'; or the id of the committee edited.
  const [editing, setEditing] = useState<string | null>(null);
  const c = (key: KeyUnder<'committee.committees'>, params?: Record<string, unknown>) =>
    t(`committee.committees.${key}`, params);
  return (
    <Stack maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{c('title')}</Title>
        {editing === null && <Button onClick={() => setEditing('new')}>{c('create')}</Button>}
      </Group>
      <Text>{c('intro')}</Text>
      {editing === 'new' && <CommitteeForm committee={null} onDone={() => setEditing(null)} />}
      <QueryState query={committees} empty={{ when: (data) => data.length === 0, text: c('none') }}>
        {(data) =>
          data.map((committee) =>
            editing === committee.id ? (
              <CommitteeForm key={committee.id} committee={committee} onDone={() => setEditing(null)} />
            ) : (
              <Paper key={committee.id} withBorder p="md" component="section" aria-label={committee.name}>
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Title order={2} size="h3">
                      {committee.name}
                    </Title>
                    <Text size="sm" c="gray.7">
                      {c('quorumOf', { quorum: committee.quorum, count: committee.members.length })}
                    </Text>
                  </div>
                  {editing === null && (
                    <Button
                      variant="default"
                      onClick={() => setEditing(committee.id)}
                      aria-label={c('editLabel', { name: committee.name })}
                    >
                      {c('edit')}
                    </Button>
                  )}
                </Group>
                <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {committee.members.map((member) => (
                    <Group key={member.id} gap="xs" component="li">
                      <Text>{member.name}</Text>
                      {member.isChair && (
                        <Badge color="blue.8" variant="filled">
                          {c('chair')}
                        </Badge>
                      )}
                      {member.external && (
                        <Badge color="gray.8" variant="outline">
                          {c('external')}
                        </Badge>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Paper>
            ),
          )
        }
      </QueryState>
    </Stack>
  );
}

function CommitteeForm({ committee, onDone }: { committee: Committee | null; onDone: () => void }) {
  const { t } = useTranslation();
  const c = (key: KeyUnder<'committee.committees'>, params?: Record<string, unknown>) =>
    t(`committee.committees.${key}`, params);
  const staff = useStaffOptions();
  const form = useForm<CommitteeRows, unknown, CommitteeInput>({
    mode: 'all',
    resolver: zodResolver(committeeInputSchema) as never,
    defaultValues: committeeRows(committee),
  });
  // The rows carry the member's own `id`: the field array's keys go under another name.
  const members = useFieldArray({ control: form.control, name: 'members', keyName: 'key' });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const save = useSaveCommittee();
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: committee?.id ?? null, input },
      {
        onSuccess: (saved) => {
          guard.release();
          toast('success', appI18n.t(`committee.committees.${committee ? 'saved' : 'created'}`, { name: saved.name }));
          onDone();
        },
        onError: (error) => reportError(error, { setError: form.setError }),
      },
    ),
  );
  const title = committee ? c('formEdit', { name: committee.name }) : c('formNew');
  const rows = useWatch({ control: form.control, name: 'members' });
  const userOptions = [
    { value: '', label: c('chooseUser') },
    ...(staff.data ?? []).map((user) => ({ value: user.id, label: user.fullName })),
  ];
  return (
    <FormCard title={title} onSubmit={submit} stack>
      <TextInput {...form.register('name')} label={c('name')} required error={fieldError(form, 'name')} maw={520} />
      <Title order={3} size="h4">
        {c('members')}
      </Title>
      {fieldError(form, 'members') && (
        <Text c="red.9" size="sm" role="alert">
          {fieldError(form, 'members')}
        </Text>
      )}
      {members.fields.map((field, index) => {
        const n = index + 1;
        const row = rows[index];
        const whoError =
          fieldError(form, `members.${index}.userId`) ?? fieldError(form, `members.${index}.externalName`);
        return (
          <Group key={field.key} align="flex-end" wrap="wrap">
            <NativeSelect
              label={c('memberKind', { n })}
              data={[
                { value: 'staff', label: c('staff') },
                { value: 'external', label: c('externalPerson') },
              ]}
              {...form.register(`members.${index}.kind`, {
                onChange: () => {
                  form.setValue(`members.${index}.userId`, '');
                  form.setValue(`members.${index}.externalName`, '');
                },
              })}
              style={{ flex: '1 1 160px' }}
            />
            {row?.kind === 'external' ? (
              <TextInput
                {...form.register(`members.${index}.externalName`)}
                label={c('externalName', { n })}
                error={whoError}
                style={{ flex: '2 1 220px' }}
              />
            ) : (
              <NativeSelect
                {...form.register(`members.${index}.userId`)}
                label={c('user', { n })}
                data={userOptions}
                error={whoError}
                style={{ flex: '2 1 220px' }}
              />
            )}
            <CloseButton
              aria-label={c('removeMember', { n })}
              onClick={() => {
                members.remove(index);
                void form.trigger('quorum');
              }}
              disabled={members.fields.length === 1}
              mb={6}
            />
          </Group>
        );
      })}
      <Group>
        <Button
          variant="default"
          onClick={() => {
            members.append(emptyMember());
            // The quorum is checked against the members' count: its message follows the count.
            void form.trigger('quorum');
          }}
        >
          {c('addMember')}
        </Button>
      </Group>
      <NativeSelect
        label={c('chairSelect')}
        value={String(rows.findIndex((m) => m.isChair))}
        onChange={(event) => {
          // One chair: the members' `isChair` follow this one choice.
          const chosen = Number(event.currentTarget.value);
          rows.forEach((_, index) =>
            form.setValue(`members.${index}.isChair`, index === chosen, { shouldDirty: true }),
          );
        }}
        data={[
          { value: '-1', label: c('noChair') },
          ...rows.map((m, index) => ({
            value: String(index),
            label:
              (m.kind === 'external' ? m.externalName : staff.data?.find((user) => user.id === m.userId)?.fullName) ||
              c('memberN', { n: index + 1 }),
          })),
        ]}
        maw={420}
      />
      {/*
          The quorum comes after the members, as it is counted on them: its message (a quorum over the members'
          count) shows when the field is left, and a message appearing above "Add a member" would move the button
          between the press and the release of the click that left the field, losing that click.
        */}
      <TextField form={form} name="quorum" label={c('quorum')} required inputMode="numeric" maw={200} />
      <FormButtons
        onCancel={() => {
          guard.release();
          onDone();
        }}
        cancel={c('cancel')}
        submit={c('save')}
        busy={save.isPending}
      />
    </FormCard>
  );
}
