import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { GuardedModal } from './guarded-modal';

/**
 * The modal of a record that is added or edited (a document, an event): titled `<keys>.newTitle` or
 * `<keys>.editTitle`, its form mounts afresh for each record and closing it changed asks first (ADR 0017).
 */
export function RecordModal({
  opened,
  onClose,
  record,
  keys,
  children,
}: {
  opened: boolean;
  onClose(): void;
  /** Absent for a new record. */
  record: { id: string } | undefined;
  keys: 'events.modal' | 'documents.modal';
  children: (cancel: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <GuardedModal opened={opened} onClose={onClose} title={t(`${keys}.${record ? 'editTitle' : 'newTitle'}`)} size="lg">
      {(cancel) => <Fragment key={record?.id ?? 'new'}>{children(cancel)}</Fragment>}
    </GuardedModal>
  );
}

/**
 * Whether a list page's record modal is open, and on which record (none: a new one). The record stays while the
 * modal closes, so that its content does not change during the transition.
 */
export function useRecordModal<R>() {
  const [state, setState] = useState<{ opened: boolean; record: R | undefined }>({
    opened: false,
    record: undefined,
  });
  return {
    ...state,
    open: (record?: R) => setState({ opened: true, record }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
