import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../shared/constants';

/**
 * The current company id (SPEC §4): chosen on the companies list, kept in localStorage across reloads,
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

export interface CompanySummary {
  id: string;
  name: string;
  avatarUrl: string | null;
  archivedAt?: string | null;
}
