import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { catalogs } from '../../shared/i18n';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '../../shared/constants';
import { parseMessage } from '../../shared/schemas/common';

dayjs.extend(advancedFormat);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale kept in the browser (SPEC §1), French when none was chosen. */
export function storedLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { fr: { translation: catalogs.fr }, en: { translation: catalogs.en } },
  lng: storedLocale(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLocale(locale: Locale): void {
  dayjs.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyLocale(storedLocale());

/** Switches the interface language and keeps the choice across reloads. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Translates a shared-schema message (`key` or `key?max=100`) in the current language. Messages that
 * came from the server (422 field map) are already in the user's language and are shown as they are.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith('errors.')) return message;
  const { key, params } = parseMessage(message);
  return i18n.t(key, params);
}
