import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmRequest {
  text: string;
  /** Defaults to the "are you sure" label (SPEC §2 Confirmation dialog). */
  title?: string;
  /** Runs only on Continue. */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  confirmLabel?: string;
  danger?: boolean;
}

const ConfirmContext = createContext<((request: ConfirmRequest) => void) | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
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

  const open = useMemo(() => (next: ConfirmRequest) => setRequest(next), []);

  return (
    <ConfirmContext.Provider value={open}>
      {children}
      <Modal opened={request !== null} onClose={cancel} title={request?.title ?? t('common.areYouSure')} centered>
        <Text mb="lg">{request?.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={running}>
            {t('common.cancel')}
          </Button>
          <Button color={request?.danger ? 'red.8' : undefined} onClick={() => void confirm()} loading={running} data-autofocus>
            {request?.confirmLabel ?? t('common.continue')}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** `const confirm = useConfirm(); confirm({ text, onConfirm })`. */
export function useConfirm(): (request: ConfirmRequest) => void {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm outside ConfirmProvider');
  return open;
}
