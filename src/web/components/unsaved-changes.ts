import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../i18n';
import { useConfirm } from './confirm-dialog';

/**
 * A changed form is not left without asking (issue 12 item 20): Cancel, a link, the drawer or the
 * browser's back button land on a confirmation while `dirty`; an unchanged form leaves at once. After a
 * successful save, call `release()` before navigating: what was typed is saved, nothing to lose. Closing
 * the tab or reloading gets the browser's own prompt.
 */
export function useUnsavedChanges(dirty: boolean): { release(): void } {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // The router keeps one blocker object per state, so this asks once per blocked navigation.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm({
      title: t('unsavedChanges.title'),
      text: t('unsavedChanges.text'),
      confirmLabel: t('unsavedChanges.discard'),
      danger: true,
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    release: () => {
      released.current = true;
    },
  };
}
