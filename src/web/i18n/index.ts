import { useMemo, useSyncExternalStore } from 'react';
import { catalogs } from '../../shared/i18n';
import { interpolate, lookup } from '../../shared/i18n/translate';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '../../shared/constants';
import { parseMessage } from '../../shared/schemas/messages';

/*
 * The SPA's translations (docs/decisions/0010): the shared catalogs read with the shared `lookup` and
 * `interpolate`, the current language in a small store that components subscribe to with
 * `useTranslation()`. Replaces i18next + react-i18next, which cost the sign-in page 17 kB for what
 * these few lines do.
 */

export type TFunction = (key: string, params?: Record<string, unknown>) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale kept in the browser (SPEC §1), French when none was chosen. */
export function storedLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

let language: Locale = storedLocale();
const listeners = new Set<() => void>();

/** A key that leads to no message reads as the key itself, as it did with i18next. */
const translatorFor =
  (locale: Locale): TFunction =>
  (key, params) =>
    interpolate(lookup(catalogs[locale], key) ?? key, params);

function applyLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyLocale(language);

/** Switches the interface language and keeps the choice across reloads. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  applyLocale(locale);
  if (locale === language) return;
  language = locale;
  listeners.forEach((listener) => listener());
}

export function currentLocale(): Locale {
  return language;
}

/** For code outside components (toasts, error reporting): always the current language. */
export const i18n = {
  get language(): Locale {
    return language;
  },
  t: ((key, params) => translatorFor(language)(key, params)) as TFunction,
  changeLanguage: setLocale,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getLanguage = () => language;

/**
 * `const { t, i18n } = useTranslation()`: re-renders the component when the language changes; `t` is a
 * new function for each language, so it can stand in memo dependencies as it did with react-i18next.
 */
export function useTranslation(): { t: TFunction; i18n: { language: Locale; changeLanguage: typeof setLocale } } {
  const locale = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return useMemo(() => ({ t: translatorFor(locale), i18n: { language: locale, changeLanguage: setLocale } }), [locale]);
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
