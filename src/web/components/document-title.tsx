import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { en } from '../../shared/i18n/en';
import type { WebDomain } from '../../shared/i18n/domains/names';
import { useTranslation, type WebCatalogKey } from '../i18n';

/**
 * What a route may carry in its `handle`: the key of its tab title under `screens.titles`, or a whole key of the
 * domain part its page loads (`servicing.titles.loans`), so a domain's screens are named in its own part.
 */
export interface ScreenHandle {
  title: keyof (typeof en)['screens']['titles'] | DomainTitle;
}
/** A whole key of a domain part. */
type DomainTitle = Extract<WebCatalogKey, `${WebDomain}.${string}`>;
const isDomainTitle = (title: ScreenHandle['title']): title is DomainTitle => title.includes('.');

const titleOf = (handle: unknown): ScreenHandle['title'] | undefined =>
  handle && typeof handle === 'object' && 'title' in handle ? (handle as ScreenHandle).title : undefined;

/**
 * The browser tab says which screen it shows ("Entreprises · Atrium"), in the app's language: the
 * deepest matched route with a title wins, so one place names every screen (router.tsx).
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => titleOf(match.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    const appName = t('common.appName');
    document.title = key
      ? t('screens.titleFormat', { screen: t(isDomainTitle(key) ? key : `screens.titles.${key}`), appName })
      : appName;
  }, [key, t]);
  return null;
}
