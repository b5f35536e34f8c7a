import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loadChunk } from './stale-build';

const ConfirmModal = lazy(() => loadChunk(() => import('./confirm-modal')));

export interface ConfirmRequest {
  text: string;
  /** What the action reaches, named one per line under the text (the loans an archiving leaves counted…). */
  list?: { label: string; items: string[] };
  /** Defaults to the "are you sure" label (docs/SPEC.md §2 Confirmation dialog). */
  title?: string;
  /** Runs only on the confirm button. */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  /** The action's own word (Archive, Delete…), never a bare "Continue": the button says what it does. */
  confirmLabel: string;
  danger?: boolean;
}

const ConfirmContext = createContext<((request: ConfirmRequest) => void) | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  // Stays mounted after the first use so that closing can animate.
  const [everOpened, setEverOpened] = useState(false);
  const [running, setRunning] = useState(false);

  const cancel = useCallback(() => {
    request?.onCancel?.();
    setRequest(null);
  }, [request]);

  const confirm = useCallback(async () => {
    if (!request) return;
    setRunning(true);
    try {
      await request.onConfirm();
    } finally {
      setRunning(false);
      setRequest(null);
    }
  }, [request]);

  const open = useMemo(
    () => (next: ConfirmRequest) => {
      setEverOpened(true);
      setRequest(next);
    },
    [],
  );

  return (
    <ConfirmContext.Provider value={open}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <ConfirmModal request={request} running={running} onCancel={cancel} onConfirm={() => void confirm()} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `const confirm = useConfirm(); confirm({ text, onConfirm })`. */
export function useConfirm(): (request: ConfirmRequest) => void {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm outside ConfirmProvider');
  return open;
}
