import { useMemo, useSyncExternalStore } from 'react';
import type { Catalog } from '../../shared/i18n/en';
import { fr } from '../../shared/i18n/fr';
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

/**
 * Only the language in use is downloaded (issue 19): French, the default, comes with the first load; English
 * when it is chosen or was kept from an earlier visit (`loadCatalog` before the first render).
 */
const catalogs: Partial<Record<Locale, Catalog>> = { fr };
const catalogLoaders: Record<Locale, () => Promise<Catalog>> = {
  fr: () => Promise.resolve(fr),
  en: () => import('../../shared/i18n/en').then((module) => module.en),
};

/** Fetches a language's messages once; `setLocale` and the app's start wait for it. */
export async function loadCatalog(locale: Locale): Promise<void> {
  catalogs[locale] ??= await catalogLoaders[locale]();
}

let language: Locale = storedLocale();
const listeners = new Set<() => void>();

/** A key that leads to no message reads as the key itself, as it did with i18next. */
const translatorFor =
  (locale: Locale): TFunction =>
  (key, params) =>
    interpolate(lookup(catalogs[locale] ?? fr, key) ?? key, params);

function applyLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyLocale(language);

/** Switches the interface language and keeps the choice across reloads. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalog(locale);
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
  // A schema's key (`errors.…`, or a feature's own `twoFactor.errors.…`, as parseMessage reads them), else a
  // message the server already wrote out.
  if (!/^(\w+\.)?errors\./.test(message)) return message;
  const { key, params } = parseMessage(message);
  return i18n.t(key, params);
}
