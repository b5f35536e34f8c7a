import { use, useMemo, useSyncExternalStore } from 'react';
import { fr } from '../../shared/i18n/fr';
import { interpolate, lookup, type Messages } from '../../shared/i18n/translate';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type Locale } from '../../shared/constants';
import type { CatalogKeyUnder, WebCatalogKey } from '../../shared/i18n/keys';
import { isMessageKey, parseMessage } from '../../shared/schemas/messages';
import { partLoaders, type Part } from './parts';

export type { Part };

/*
 * The SPA's translations (docs/decisions/0010): the shared catalogs read with the shared `lookup` and
 * `interpolate`, the current language in a small store that components subscribe to with
 * `useTranslation()`. Replaces i18next + react-i18next, which cost the sign-in page 17 kB for what
 * these few lines do.
 */

/**
 * Reads a message: the key is one of the catalog's (docs/decisions/0058), so a key missing from it fails the
 * typecheck. A key built from a closed set is a template over its union type, which the compiler checks member
 * by member, or a typed map (`satisfies Record<State, WebCatalogKey>`); a template over `string` does not compile.
 */
export type TFunction = (key: WebCatalogKey, params?: Record<string, unknown>) => string;
export type { WebCatalogKey };
/** A screen's short-hand for the keys under its prefix: `(key: KeyUnder<'servicing.forms'>) => t(\`servicing.forms.${key}\`)`. */
export type KeyUnder<Prefix extends string> = CatalogKeyUnder<Prefix>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale kept in the browser (docs/SPEC.md §1), French when none was chosen. */
export function storedLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/*
 * The catalog arrives in parts (docs/decisions/0030): the first-load part in French with the sign-in page, every
 * other part — the signed-in frame's, a domain's — with the frame or the lazy page that names it
 * (`loadMessages`), and only in the language shown. English, the first-load part included, is fetched when it is
 * chosen or was kept from an earlier visit (`loadCatalog` before the first render).
 */
type CatalogPart = 'firstLoad' | Part;
const loaders: Record<CatalogPart, Record<Locale, () => Promise<Messages>>> = {
  firstLoad: { fr: () => Promise.resolve(fr), en: () => import('../../shared/i18n/en').then((module) => module.en) },
  ...partLoaders,
};
/** Each language's messages so far: the parts fetched in it, merged (each holds top-level keys of its own). */
const messages: Record<Locale, Record<string, Messages | string>> = { fr: { ...fr }, en: {} };
const loaded: Record<Locale, Set<CatalogPart>> = { fr: new Set(['firstLoad']), en: new Set() };
const inFlight = new Map<string, Promise<void>>();
/** Every part asked for so far: a switch of language fetches each of them in the new one before showing it. */
const wanted = new Set<CatalogPart>(['firstLoad']);

function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  if (loaded[locale].has(part)) return Promise.resolve();
  const key = `${locale}:${part}`;
  let loading = inFlight.get(key);
  if (!loading) {
    loading = loaders[part][locale]()
      .then((partMessages) => {
        Object.assign(messages[locale], partMessages);
        loaded[locale].add(part);
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
  }
  return loading;
}

/** Fetches, in `locale`, every part asked for — including one asked for while this waits. */
async function loadWanted(locale: Locale): Promise<void> {
  for (;;) {
    const missing = [...wanted].filter((part) => !loaded[locale].has(part));
    if (missing.length === 0) return;
    await Promise.all(missing.map((part) => loadPart(locale, part)));
  }
}

/** Fetches a language's messages once; `setLocale` and the app's start wait for it. */
export async function loadCatalog(locale: Locale): Promise<void> {
  await loadWanted(locale);
}

/**
 * Fetches the parts a lazy page or the signed-in frame shows (router.tsx), in the language shown; should the
 * language change meanwhile, in that one too.
 */
export async function loadMessages(parts: readonly Part[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  for (;;) {
    const locale = language;
    await loadWanted(locale);
    if (locale === language) return;
  }
}

let language: Locale = storedLocale();
const listeners = new Set<() => void>();

/**
 * A key that leads to no message reads as the key itself, as it did with i18next. Should English fail to arrive
 * (an old tab after a deploy), the French words are shown rather than keys.
 */
const translatorFor =
  (locale: Locale): ((key: string, params?: Record<string, unknown>) => string) =>
  (key, params) =>
    interpolate(lookup(messages[locale], key) ?? lookup(messages.fr, key) ?? key, params);

function applyLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyLocale(language);

/** Switches the interface language and keeps the choice across reloads. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadWanted(locale);
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
 * Translates a shared-schema message (`key` or `key?max=100`: `errors.…`, or a feature's or domain's own
 * `servicing.errors.…`) in the current language. Messages that came from the server (422 field map) are already
 * in the user's language and are shown as they are.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!isMessageKey(message)) return message;
  const { key, params } = parseMessage(message);
  // A schema's message comes as text (a form's error, a 422 from the server): its key is checked where it is
  // written (`V`, the domain schemas), not here.
  return translatorFor(language)(key, params);
}

/** Each language's parts asked for by `useTranslationIn`, fetched once. */
const fetchedIn = new Map<string, Promise<void>>();

/**
 * `t` in a given language, whatever the interface's: for what is written for someone else — a statement of
 * account in the borrower's language. Suspends (React `use`) until the parts are there in that language.
 */
export function useTranslationIn(locale: Locale, parts: readonly Part[]): TFunction {
  const key = `${locale}:${parts.join(',')}`;
  let loading = fetchedIn.get(key);
  if (!loading) {
    loading = Promise.all((['firstLoad', ...parts] as CatalogPart[]).map((part) => loadPart(locale, part))).then(
      () => undefined,
      (error: unknown) => {
        // Asked again on the next render rather than failing for good.
        fetchedIn.delete(key);
        throw error;
      },
    );
    fetchedIn.set(key, loading);
  }
  use(loading);
  return useMemo(() => translatorFor(locale), [locale]);
}
