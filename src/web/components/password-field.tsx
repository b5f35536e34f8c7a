import { forwardRef } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../i18n';

/** Mantine's PasswordInput with its visibility toggle named in the user's language. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  return (
    <PasswordInput ref={ref} visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }} {...props} />
  );
});
