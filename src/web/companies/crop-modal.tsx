import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Box, Button, Group, Modal, Progress, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n';
import classes from './crop-modal.module.css';
import { cropToJpeg, initialCrop, MIN_CROP_PX, moveCrop, resizeCrop, type CropSquare } from './crop';

interface Loaded {
  width: number;
  height: number;
  crop: CropSquare;
}

/** One arrow press moves the square by this share of the image's smaller side (ten times with Shift). */
const KEY_STEP = 0.01;

/**
 * The avatar crop (docs/SPEC.md §2): the chosen image with the square that will be kept, a centred square at
 * 90 % of the smaller side to start with. The square moves with the pointer or the arrow keys and is
 * resized with a slider; accepting draws it on a 200 px canvas as a JPEG and hands the blob to
 * `onAccept`, which uploads it while the modal shows the progress.
 */
export function CropModal({
  source,
  onCancel,
  onAccept,
  progress,
  error,
}: {
  /** An object URL of the chosen file; the modal is open while there is one. */
  source: string | null;
  onCancel: () => void;
  onAccept: (blob: Blob) => void;
  /** 0–100 while uploading, null otherwise. */
  progress: number | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const imageRef = useRef<HTMLImageElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; crop: CropSquare } | null>(null);
  const helpId = useId();
  // Keyed by the source, so a new image starts again from its own initial square.
  const [loaded, setLoaded] = useState<{ source: string; value: Loaded } | null>(null);
  const current = loaded && loaded.source === source ? loaded.value : null;
  const uploading = progress !== null;

  const update = (crop: CropSquare) => {
    if (current && source) setLoaded({ source, value: { ...current, crop } });
  };

  const onLoad = () => {
    const image = imageRef.current;
    if (!image || !source) return;
    const { naturalWidth: width, naturalHeight: height } = image;
    setLoaded({ source, value: { width, height, crop: initialCrop(width, height) } });
  };

  /** Image pixels per screen pixel, as the preview is scaled to fit the modal. */
  const scale = () => {
    const frame = frameRef.current;
    return current && frame && frame.clientWidth > 0 ? current.width / frame.clientWidth : 1;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!current || uploading) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, crop: current.crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!current || !start || start.pointerId !== event.pointerId) return;
    const k = scale();
    update(
      moveCrop(start.crop, (event.clientX - start.x) * k, (event.clientY - start.y) * k, current.width, current.height),
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!current || uploading) return;
    const step = Math.max(
      1,
      Math.round(Math.min(current.width, current.height) * KEY_STEP * (event.shiftKey ? 10 : 1)),
    );
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update(moveCrop(current.crop, move[0], move[1], current.width, current.height));
  };

  const accept = async () => {
    if (!current || !imageRef.current) return;
    onAccept(await cropToJpeg(imageRef.current, current.crop));
  };

  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  const maxSize = current ? Math.min(current.width, current.height) : 1;

  return (
    <Modal
      opened={source !== null}
      onClose={uploading ? () => undefined : onCancel}
      title={t('companies.form.avatar.cropTitle')}
      size="lg"
      centered
    >
      <Stack>
        <Text size="sm" id={helpId}>
          {t('companies.form.avatar.cropHelp')}
        </Text>
        {source && (
          <div ref={frameRef} className={classes.frame}>
            <img
              ref={imageRef}
              src={source}
              alt={t('companies.form.avatar.previewAlt')}
              onLoad={onLoad}
              draggable={false}
              style={{ width: '100%', height: 'auto', display: 'block' }}
            />
            {current && (
              <div
                role="application"
                aria-roledescription={t('companies.form.avatar.cropAreaRole')}
                aria-label={t('companies.form.avatar.cropArea')}
                aria-describedby={helpId}
                tabIndex={0}
                data-testid="crop-square"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown}
                className={classes.square}
                style={{
                  left: pct(current.crop.x, current.width),
                  top: pct(current.crop.y, current.height),
                  width: pct(current.crop.size, current.width),
                  height: pct(current.crop.size, current.height),
                }}
              />
            )}
          </div>
        )}
        {current && (
          <Box>
            <Text size="sm" fw={500} mb={4} aria-hidden>
              {t('companies.form.avatar.cropSize')}
            </Text>
            <Slider
              thumbLabel={t('companies.form.avatar.cropSize')}
              min={Math.min(MIN_CROP_PX, maxSize)}
              max={maxSize}
              value={current.crop.size}
              onChange={(size) => update(resizeCrop(current.crop, size, current.width, current.height))}
              disabled={uploading}
              label={null}
            />
          </Box>
        )}
        {uploading && (
          <Stack gap={4}>
            <Text size="sm">{t('companies.form.avatar.uploading', { progress })}</Text>
            <Progress.Root size="lg">
              <Progress.Section value={progress} aria-label={t('companies.form.avatar.uploadProgress')} />
            </Progress.Root>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void accept()} disabled={!current} loading={uploading} data-autofocus>
            {t('companies.form.avatar.cropConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
