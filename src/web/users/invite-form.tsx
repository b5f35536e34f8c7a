import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n';
import { inviteSchema } from '../../shared/schemas/users';
import { ApiError } from '../api/client';
import { boundField } from '../components/form';
import { RoleSelect } from './role-select';
import { useSchemaForm } from '../components/schema-form';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { GuardedModal } from '../components/guarded-modal';
import { useInviteUser } from './api';
import { FormButtons } from '../components/form-buttons';

/** Email and role (docs/SPEC.md §2 Invite modal); used in the modal on /users and on /invitations/invite. */
export function InviteForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const form = useSchemaForm(inviteSchema, { email: '', role: 'user' });
  // On /invitations/invite leaving asks; in the modal of /users its close asks too (ADR 0017).
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  const submit = form.handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      toast('success', t('invitations.invite.success'));
      unsaved.release();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) reportError(error, { setError: form.setError });
      else reportError(error, { fallbackKey: 'invitations.invite.failure' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={t('invitations.invite.email')}
          type="email"
          required
          data-autofocus
          {...boundField(form, 'email')}
        />
        <RoleSelect form={form} label={t('invitations.invite.role')} />
        <FormButtons
          onCancel={onCancel}
          cancel={t('invitations.invite.cancel')}
          submit={t('invitations.invite.submit')}
          busy={invite.isPending}
        />
      </Stack>
    </form>
  );
}

/** The invite form in a modal (on /users): Escape, ×, a click outside or Cancel ask first once something is typed. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <GuardedModal opened={opened} onClose={onClose} title={t('invitations.invite.title')}>
      {(cancel) => <InviteForm onDone={onClose} onCancel={cancel} />}
    </GuardedModal>
  );
}
