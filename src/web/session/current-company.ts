import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../shared/constants';

/**
 * The current company id (docs/SPEC.md §4): chosen on the companies list, kept in localStorage across reloads,
 * required by documents and events. Selecting is local only.
 */
const listeners = new Set<() => void>();

export function getCurrentCompanyId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.currentCompanyId);
}

export function setCurrentCompanyId(id: string | null): void {
  if (id) localStorage.setItem(STORAGE_KEYS.currentCompanyId, id);
  else localStorage.removeItem(STORAGE_KEYS.currentCompanyId);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.currentCompanyId) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentCompanyId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentCompanyId, () => null);
}

/** The screens that work on the current company (docs/SPEC.md §2: they need one). */
export const CURRENT_COMPANY_SCREENS = { events: '/events', documents: '/documents' } as const;
export type CurrentCompanyScreen = keyof typeof CURRENT_COMPANY_SCREENS;

/**
 * A link to a company's history or documents that makes it current on the way (companies/open-as-current.tsx,
 * ADR 0032): from its file and from the search, whichever company is current.
 */
export const companyScreenPath = (companyId: string, screen: CurrentCompanyScreen, search = '') =>
  `/companies/${companyId}/${screen}${search}`;

export interface CompanySummary {
  id: string;
  name: string;
  avatarUrl: string | null;
  archivedAt?: string | null;
}
