import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../i18n';
import { useConfirm } from './confirm-dialog';

/** The question asked before anything typed is thrown away: one wording for pages and modals. */
function useAskToDiscard(): (onDiscard: () => void, onStay?: () => void) => void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return useCallback(
    (onDiscard, onStay) =>
      confirm({
        title: t('unsavedChanges.title'),
        text: t('unsavedChanges.text'),
        confirmLabel: t('unsavedChanges.discard'),
        danger: true,
        onConfirm: onDiscard,
        ...(onStay ? { onCancel: onStay } : {}),
      }),
    [confirm, t],
  );
}

/** What a modal holding a form knows of it: whether it is changed, and the close that asks when it is. */
export interface ModalGuard {
  /** For Escape, the close button, a click outside and the form's Cancel: asks first while the form is changed. */
  close(): void;
  setDirty(dirty: boolean): void;
}

const ModalGuardContext = createContext<ModalGuard | null>(null);

/** Put around a modal's form so that the form's `useUnsavedChanges` tells the modal when it is changed. */
export const ModalGuardProvider = ModalGuardContext.Provider;

/**
 * A modal's side of the guard: `close` asks before discarding a changed form, then calls `onClose`. After a
 * successful save the form calls `onClose` itself (nothing to lose).
 */
export function useGuardedClose(onClose: () => void): ModalGuard {
  const ask = useAskToDiscard();
  const dirty = useRef(false);
  const close = useCallback(() => {
    if (!dirty.current) onClose();
    else
      ask(() => {
        dirty.current = false;
        onClose();
      });
  }, [ask, onClose]);
  return useMemo(
    () => ({
      close,
      setDirty: (value: boolean) => {
        dirty.current = value;
      },
    }),
    [close],
  );
}

/**
 * Whether each form on screen holds changes not saved. The router heeds one blocker only — the last one
 * registered (react-router 7 warns "only supports one blocker at a time") — so on a page of several forms (My
 * account: the profile and the reminders) each form's blocker asks for all of them, whichever the router heeds.
 */
const formsOnScreen = new Set<{ current: boolean }>();
const anyFormChanged = () => [...formsOnScreen].some((form) => form.current);

/**
 * A changed form is not left without asking (ADR 0017): Cancel, a link, the drawer or the
 * browser's back button land on a confirmation while `dirty`; an unchanged form leaves at once. After a
 * successful save, call `release()` before navigating: what was typed is saved, nothing to lose. Closing
 * the tab or reloading gets the browser's own prompt. Inside a `ModalGuardProvider`, the modal's close
 * (Escape, ×, a click outside, Cancel) asks too. Several forms on one page each guard their own changes.
 */
export function useUnsavedChanges(dirty: boolean): { release(): void } {
  const ask = useAskToDiscard();
  const modal = useContext(ModalGuardContext);
  const released = useRef(false);
  /** This form's entry in `formsOnScreen`: changed and not released. */
  const changed = useRef(false);
  useEffect(() => {
    formsOnScreen.add(changed);
    return () => {
      formsOnScreen.delete(changed);
    };
  }, []);
  useEffect(() => {
    changed.current = dirty && !released.current;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyFormChanged() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // The router keeps one blocker object per state, so this asks once per blocked navigation.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    ask(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, ask]);

  useEffect(() => {
    modal?.setDirty(dirty);
    return () => modal?.setDirty(false);
  }, [modal, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    release: () => {
      released.current = true;
      changed.current = false;
      modal?.setDirty(false);
    },
  };
}
