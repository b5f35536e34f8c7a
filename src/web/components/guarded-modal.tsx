import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { ModalGuardProvider, useGuardedClose } from './unsaved-changes';

/**
 * A modal around one form: Escape, ×, a click outside or the form's own Cancel (the `cancel` its content is
 * given) ask first once something is typed (ADR 0017). After a save the form calls `onClose` itself.
 */
export function GuardedModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: ReactNode;
  size?: ModalProps['size'];
  children: (cancel: () => void) => ReactNode;
}) {
  const guard = useGuardedClose(onClose);
  return (
    <Modal opened={opened} onClose={guard.close} title={title} size={size}>
      <ModalGuardProvider value={guard}>{children(guard.close)}</ModalGuardProvider>
    </Modal>
  );
}
