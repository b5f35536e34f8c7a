import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/constants';
import { i18n } from '../i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastType, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/**
 * Whether a toast was ever asked for: the component that shows them (toast-host.tsx) is loaded then,
 * not with the sign-in page. The toasts wait in Mantine's store meanwhile.
 */
let requested = false;
const listeners = new Set<() => void>();
export const toastsRequested = () => requested;
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A toast's id follows from what it says, so the same message asked for twice (a double submit, five
 * refused sign-ins in a row, a field error also reported by the page) shows once instead of stacking:
 * Mantine ignores a show() whose id is already on screen or queued.
 */
export function toastId(type: ToastType, message: string): string {
  let hash = 0;
  for (let i = 0; i < message.length; i += 1) hash = (Math.imul(hash, 31) + message.charCodeAt(i)) | 0;
  return `toast-${type}-${(hash >>> 0).toString(36)}-${message.length}`;
}

/** docs/SPEC.md §8: toasts close by themselves after 5 s, can be closed by hand, and carry their type as a class. */
export function toast(type: ToastType, message: string, id = toastId(type, message)): void {
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
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
}
