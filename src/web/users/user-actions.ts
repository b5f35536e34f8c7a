import { useTranslation } from '../i18n';
import type { User } from '../../shared/wire';
import { useConfirm } from '../components/confirm-dialog';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useArchiveUser, useReinviteUser, useRestoreUser } from './api';

/** Archive, restore and reinvite, each with its confirmation and notifications; list and edit page share them. */
export function useUserActions() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const archive = useArchiveUser();
  const restore = useRestoreUser();
  const reinvite = useReinviteUser();

  return {
    busy: archive.isPending || restore.isPending || reinvite.isPending,
    archive: (user: User, after?: () => void) =>
      confirm({
        text: t('users.confirmArchive', { name: user.fullName }),
        confirmLabel: t('users.actions.archive'),
        danger: true,
        onConfirm: async () => {
          try {
            await archive.mutateAsync(user.id);
            toast('success', t('users.archived'));
            after?.();
          } catch (error) {
            reportError(error);
          }
        },
      }),
    restore: (user: User, after?: () => void) =>
      confirm({
        text: t('users.confirmRestore', { name: user.fullName }),
        confirmLabel: t('users.actions.restore'),
        onConfirm: async () => {
          try {
            await restore.mutateAsync(user.id);
            toast('success', t('users.restored'));
            after?.();
          } catch (error) {
            reportError(error);
          }
        },
      }),
    reinvite: async (user: User) => {
      try {
        await reinvite.mutateAsync(user.id);
        toast('success', t('users.reinvited'));
      } catch (error) {
        reportError(error);
      }
    },
  };
}
