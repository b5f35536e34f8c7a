import { SegmentedControl } from '@mantine/core';
import { LOCALES } from '../../shared/constants';
import { isLocale, setLocale, useTranslation } from '../i18n';

/** Français / English, kept in the browser across reloads. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(value) => {
        if (isLocale(value)) void setLocale(value);
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
    />
  );
}
