import { afterEach, describe, expect, it } from 'vitest';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { reportError } from './server-errors';
import { toast } from './toasts';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue];

afterEach(() => cleanNotifications());

describe('toasts', () => {
  it('shows the same message once however often it is asked for', () => {
    for (let i = 0; i < 5; i += 1) toast('error', 'Wrong email or password.');
    expect(shown().map((n) => n.message)).toEqual(['Wrong email or password.']);
  });

  it('still shows different messages, and the same words as a different type, side by side', () => {
    toast('error', 'One');
    toast('error', 'Two');
    toast('success', 'One');
    expect(shown()).toHaveLength(3);
  });

  it('does not repeat in a toast a refusal already shown under its field', () => {
    const message = 'This is the last active administrator: make someone else an administrator first.';
    const error = new ApiError(422, {
      code: 'last_admin',
      message,
      detail: { role: [message] },
    } as never);
    const fields: string[] = [];
    reportError(error, { setError: (path) => fields.push(String(path)) });
    expect(fields).toEqual(['role']);
    expect(shown()).toHaveLength(0);
  });

  it('still toasts a 422 whose message differs from its fields', () => {
    const error = new ApiError(422, {
      code: 'validation',
      message: 'Some fields are invalid.',
      detail: { name: ['Field is required'] },
    } as never);
    reportError(error, { setError: () => undefined });
    expect(shown().map((n) => n.message)).toEqual(['Some fields are invalid.']);
  });
});
