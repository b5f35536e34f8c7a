import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../i18n';
import type { ConfirmRequest } from './confirm-dialog';

/** The dialog itself, loaded the first time a confirmation is asked (it is not needed to sign in). */
export default function ConfirmModal({
  request,
  running,
  onCancel,
  onConfirm,
}: {
  request: ConfirmRequest | null;
  running: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={request !== null} onClose={onCancel} title={request?.title ?? t('common.areYouSure')} centered>
      <Text mb="lg">{request?.text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={running}>
          {t('common.cancel')}
        </Button>
        <Button color={request?.danger ? 'red.8' : undefined} onClick={onConfirm} loading={running} data-autofocus>
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
