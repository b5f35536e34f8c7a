import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/constants';
import { i18n } from '../i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastType, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/** SPEC §8: toasts close by themselves after 5 s, can be closed by hand, and carry their type as a class. */
export function toast(type: ToastType, message: string, id?: string): void {
  notifications.show({
    id,
    message,
    color: COLORS[type],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    className: `toast toast-${type} ${type}`,
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
  });
}
