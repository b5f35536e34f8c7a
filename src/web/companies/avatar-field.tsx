import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { fieldError } from '../components/form';
import { reportError } from '../components/server-errors';
import { CropModal } from './crop-modal';
import { useCompanyForm } from './fields';
import { UploadError, uploadFile } from '../api/upload';

/** What the avatar may be chosen from; it is always saved as a JPEG. */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];

/**
 * The logo (docs/SPEC.md §2): choose an image, crop it, upload the 200 px JPEG with a progress bar, and keep
 * the storage key in `avatarFileName` for the save. `onBusyChange` holds the save while uploading.
 */
export function AvatarField({
  savedUrl,
  onBusyChange,
}: {
  savedUrl: string | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const fileName = useWatch({ control: form.control, name: 'avatarFileName' });
  // The key the company was read with: its signed URL is `savedUrl`.
  const [savedFileName] = useState(() => form.formState.defaultValues?.avatarFileName ?? null);
  const [source, setSource] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ fileName: string; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);

  // Object URLs hold the image in memory until revoked.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);
  useEffect(() => () => abort.current?.abort(), []);

  const shownUrl = !fileName
    ? null
    : preview?.fileName === fileName
      ? preview.url
      : fileName === savedFileName
        ? savedUrl
        : null;

  const choose = (file: File | null) => {
    resetFile.current?.();
    setChoiceError(null);
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setChoiceError(t('companies.form.avatar.invalidType'));
    if (file.size > MAX_UPLOAD_BYTES) return setChoiceError(t('companies.form.avatar.tooLarge'));
    setUploadError(null);
    setSource(URL.createObjectURL(file));
  };

  const busy = (value: boolean) => {
    setProgress(value ? 0 : null);
    onBusyChange(value);
  };

  const upload = async (blob: Blob) => {
    setUploadError(null);
    busy(true);
    abort.current = new AbortController();
    try {
      const key = await uploadFile(blob, 'jpg', setProgress, abort.current.signal);
      setPreview({ fileName: key, url: URL.createObjectURL(blob) });
      form.setValue('avatarFileName', key, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      setSource(null);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof UploadError) setUploadError(t('companies.form.avatar.uploadFailed'));
      else reportError(error);
    } finally {
      busy(false);
    }
  };

  const name = useWatch({ control: form.control, name: 'name' });
  // Without a logo, the name's first letter (or Mantine's placeholder while there is no name).
  const initial = typeof name === 'string' ? name.trim().slice(0, 1).toUpperCase() : '';

  const remove = () =>
    form.setValue('avatarFileName', null, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const serverError = fieldError(form, 'avatarFileName');

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('companies.form.fields.avatar')}
      </Text>
      <Group align="center">
        <Avatar
          src={shownUrl}
          alt={t('companies.form.fields.avatar')}
          size={80}
          radius="md"
          data-testid="company-avatar"
        >
          {initial && <span aria-hidden>{initial}</span>}
        </Avatar>
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPTED_TYPES.join(',')} resetRef={resetFile}>
            {(props) => (
              <Button variant="default" {...props}>
                {fileName ? t('companies.form.avatar.change') : t('companies.form.avatar.upload')}
              </Button>
            )}
          </FileButton>
          {fileName && (
            <Button variant="subtle" color="red.9" c="red.9" onClick={remove}>
              {t('companies.form.avatar.remove')}
            </Button>
          )}
        </Group>
      </Group>
      {(choiceError ?? serverError) && (
        <Text size="sm" c="red.9" role="alert">
          {choiceError ?? serverError}
        </Text>
      )}
      <CropModal
        source={source}
        progress={progress}
        error={uploadError}
        onAccept={(blob) => void upload(blob)}
        onCancel={() => {
          setSource(null);
          setUploadError(null);
        }}
      />
    </Stack>
  );
}
