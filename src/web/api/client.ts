import { camelKeys, snakeKeys } from '../../shared/case';
import { STORAGE_KEYS, type Locale } from '../../shared/constants';
import type { ApiErrorBody } from '../../shared/wire';
import { currentLocale } from '../i18n';

/** The one fetch client (docs/ARCHITECTURE.md §3): base URL, bearer token, locale, snake⇄camel, error envelope. */
export const API_BASE: string = import.meta.env['VITE_API_BASE'] ?? '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  /** Field messages keyed by camelCase path (`owners.0.phoneNumber`), as the forms name their fields. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [path, messages] of Object.entries(this.body.detail ?? {})) {
      const camelPath = path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      if (messages[0]) out[camelPath] = messages[0];
    }
    return out;
  }
}

export interface ApiResponse<T, M = Record<string, unknown>> {
  data: T;
  meta: M;
  headers: Headers;
  /** The answer's status: a 202 says the write is held (a move awaiting a second person's approval). */
  status: number;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** Listeners told when the server says the session is over (401 on an authenticated call). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The address of an API call: empty values left out, the interface language last, or the language an answer
 * is to be written in when it is not the interface's (a statement of account in the borrower's language).
 */
export function apiUrl(path: string, query: Query = {}, locale: Locale = currentLocale()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('locale', locale);
  return `${API_BASE}${path}?${params.toString()}`;
}

/**
 * Downloads a file the API answers (CSV exports, backup archives) under the name it gives. A link cannot
 * carry the bearer token, so the file is fetched and handed to the browser as a blob. Errors are the same
 * ApiError as `api`.
 */
export async function downloadFile(path: string, query: Query = {}, locale?: Locale): Promise<void> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const response = await fetch(apiUrl(path, query, locale), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, { code: 'network_error', message: '' });
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { errors?: ApiErrorBody } | undefined;
    throw new ApiError(response.status, payload?.errors ?? { code: 'http_error', message: '' });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download');
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; freeing it at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function api<T, M = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: {
    body?: unknown;
    query?: Query;
    signal?: AbortSignal;
    /** Another bearer than the session's: the proof of a password step while setting up a second factor. */
    token?: string;
    /** The answer's language when it is not the interface's (a statement of account in the borrower's). */
    locale?: Locale;
  } = {},
): Promise<ApiResponse<T, M>> {
  const token = options.token ?? localStorage.getItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query, options.locale), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(snakeKeys(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'network_error', message: '' });
  }
  const payload = (await response.json().catch(() => undefined)) as
    { data?: unknown; meta?: unknown; errors?: ApiErrorBody } | undefined;
  if (!response.ok) {
    if (response.status === 401 && token && !options.token) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(response.status, payload?.errors ?? { code: 'http_error', message: '' });
  }
  return {
    data: camelKeys(payload?.data) as T,
    meta: (camelKeys(payload?.meta ?? {}) ?? {}) as M,
    headers: response.headers,
    status: response.status,
  };
}
