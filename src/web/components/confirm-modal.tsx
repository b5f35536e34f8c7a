import { useState } from 'react';
import { Button, getDefaultZIndex, Group, List, Modal, Text } from '@mantine/core';
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
  // While the dialog fades out its request is already gone: keep showing the last one's words rather
  // than flash the default title and an empty button.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  return (
    // Above any modal it is asked from (a changed form's close asks here), whichever opened first.
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={shown?.title ?? t('common.areYouSure')}
      centered
      zIndex={getDefaultZIndex('modal') + 1}
    >
      <Text mb="lg">{shown?.text}</Text>
      {shown?.list && (
        <List mb="lg" aria-label={shown.list.label}>
          {shown.list.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={running}>
          {t('common.cancel')}
        </Button>
        <Button color={shown?.danger ? 'red.8' : undefined} onClick={onConfirm} loading={running} data-autofocus>
          {shown?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
