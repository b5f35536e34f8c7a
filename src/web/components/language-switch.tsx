import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '../../shared/constants';
import { isLocale, setLocale, useTranslation } from '../i18n';

/**
 * Français / English, kept in the browser across reloads. Signed in, `onSelect` also saves the choice to
 * the account (session/account-language.tsx).
 */
export function LanguageSwitch({
  onSelect = (locale) => void setLocale(locale),
  disabled,
}: {
  onSelect?: (locale: Locale) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.language')}
      value={i18n.language}
      disabled={disabled}
      onChange={(value) => {
        if (isLocale(value)) onSelect(value);
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
    />
  );
}
