import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../i18n';
import { invitedUserEditSchema, userEditSchema, type UserEditInput } from '../../shared/schemas/users';
import type { User } from '../../shared/wire';
import { ApiError } from '../api/client';
import { boundField } from '../components/form';
import { RoleSelect } from './role-select';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { useUpdateUser, useUser } from './api';
import { useUserActions } from './user-actions';
import { UserTwoFactor } from './user-two-factor';

/** /users/{id} (administrators). */
export default function UserEditPage() {
  const { id = '' } = useParams();
  const query = useUser(id);
  if (query.isPending) return <PageLoader />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (query.isError) return <Text role="alert">{query.error.message}</Text>;
  // Remount on a new version so the form starts again from what was saved.
  return <UserEditForm key={query.data.lockVersion} user={query.data} />;
}

function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const actions = useUserActions();
  const invited = user.status === 'invited';
  // An invited user's names are disabled: the invitee types them when accepting (docs/SPEC.md §2).
  const form = useSchemaForm((invited ? invitedUserEditSchema : userEditSchema) as typeof userEditSchema, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    role: user.role,
    mayApprove: user.mayApprove,
  });
  const guard = useUnsavedChanges(form.formState.isDirty);
  const back = () => void navigate('/users');
  /** Saved, archived or restored: nothing left to lose. */
  const done = () => {
    guard.release();
    back();
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const body = invited ? { role: input.role, mayApprove: input.mayApprove } : input;
      await update.mutateAsync({ ...(body as UserEditInput), lockVersion: user.lockVersion });
      toast('success', t('users.saved'));
      done();
    } catch (error) {
      reportError(error, { setError: form.setError });
    }
  });

  return (
    <Stack maw={640}>
      <Title order={1}>{t('users.edit.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <Group grow align="start">
              <TextInput
                label={t('users.edit.firstName')}
                required={!invited}
                disabled={invited}
                {...boundField(form, 'firstName')}
              />
              <TextInput
                label={t('users.edit.lastName')}
                required={!invited}
                disabled={invited}
                {...boundField(form, 'lastName')}
              />
            </Group>
            {invited && (
              <Text size="sm" c="gray.7">
                {t('users.edit.namesLockedHint')}
              </Text>
            )}
            <TextInput label={t('users.edit.email')} value={user.email} readOnly />
            <RoleSelect form={form} label={t('users.edit.role')} />
            <Checkbox label={t('controls.users.mayApprove')} {...form.register('mayApprove')} />
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('users.edit.status')}
              </Text>
              <Badge variant="light">{t(`common.statuses.${user.status}`)}</Badge>
            </Group>
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={back}>
                {t('users.edit.cancel')}
              </Button>
              <Group>
                {invited && (
                  <Button variant="light" onClick={() => void actions.reinvite(user)} loading={actions.busy}>
                    {t('users.edit.reinvite')}
                  </Button>
                )}
                {user.archivable && user.status !== 'disabled' && (
                  <Button color="red.9" variant="outline" onClick={() => actions.archive(user, done)}>
                    {t('users.edit.archive')}
                  </Button>
                )}
                {user.archivable && user.status === 'disabled' && (
                  <Button variant="light" onClick={() => actions.restore(user, done)}>
                    {t('users.edit.restore')}
                  </Button>
                )}
                <Button type="submit" loading={update.isPending} disabled={update.isPending}>
                  {t('users.edit.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!invited && <UserTwoFactor user={user} />}
    </Stack>
  );
}
