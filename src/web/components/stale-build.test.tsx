import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers, createQueryClient } from '../providers';
import { setLocale } from '../i18n';
import { fr } from '../../shared/i18n/fr';
import { en } from '../../shared/i18n/en';
import { ErrorPage } from './status-pages';
import {
  loadChunk,
  mayReloadForUpdate,
  RELOAD_GUARD_MS,
  RELOAD_MARK,
  reloadForUpdate,
  StaleBuildError,
} from './stale-build';

/** What Chromium rejects a dynamic import with when the chunk is gone. */
const chunkGone = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/tasks-page-Dx1.js');

describe('loadChunk', () => {
  it('turns a chunk that cannot be fetched into a StaleBuildError, keeping the cause', async () => {
    const failure = chunkGone();
    const error = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleBuildError);
    expect((error as Error).cause).toBe(failure);
    // Vite's own, when a chunk's style sheet is gone.
    await expect(
      loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/charts-B2.css'))),
    ).rejects.toBeInstanceOf(StaleBuildError);
  });

  it('leaves other errors as they are, and a loaded chunk as it came', async () => {
    const bug = new RangeError('a bug in the module');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(loadChunk(() => Promise.resolve({ default: 42 }))).resolves.toEqual({ default: 42 });
  });
});

describe('the reload made once by itself', () => {
  beforeEach(() => sessionStorage.clear());

  it('is allowed once, then not again within the guard, then again after it', () => {
    const reload = vi.fn();
    const start = 1_800_000_000_000;
    expect(mayReloadForUpdate(start)).toBe(true);
    reloadForUpdate(reload, start);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_MARK)).toBe(String(start));
    // The reloaded page fails again: a loop, so the error page is shown instead.
    expect(mayReloadForUpdate(start + 2_000)).toBe(false);
    expect(mayReloadForUpdate(start + RELOAD_GUARD_MS - 1)).toBe(false);
    // A later deploy, in the same tab.
    expect(mayReloadForUpdate(start + RELOAD_GUARD_MS)).toBe(true);
  });

  it('is not allowed when no mark can be kept', () => {
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(mayReloadForUpdate()).toBe(false);
    } finally {
      refuse.mockRestore();
    }
  });
});

/** A screen whose lazy code fails as `error`, under the app's error page. */
function renderFailingScreen(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <ErrorPage />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ path: '/screen', lazy: () => Promise.reject(error) }],
      },
    ],
    { initialEntries: ['/screen'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('ErrorPage', () => {
  // As after the reload the page made by itself a moment ago.
  beforeEach(() => sessionStorage.setItem(RELOAD_MARK, String(Date.now())));
  afterEach(async () => {
    sessionStorage.clear();
    await setLocale('fr');
  });

  it('reloads by itself first, showing only that it is loading', async () => {
    sessionStorage.clear();
    const before = Date.now();
    renderFailingScreen(new StaleBuildError(chunkGone()));
    expect(await screen.findByRole('status', { name: fr.common.loading })).toBeVisible();
    await waitFor(() => expect(Number(sessionStorage.getItem(RELOAD_MARK))).toBeGreaterThanOrEqual(before));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  for (const [locale, catalog] of [
    ['fr', fr],
    ['en', en],
  ] as const) {
    it(`says, in ${locale}, that Atrium was updated and offers the reload — never the browser's words`, async () => {
      await setLocale(locale);
      renderFailingScreen(new StaleBuildError(chunkGone()));
      expect(await screen.findByRole('heading', { level: 1, name: catalog.errors.updated.title })).toBeVisible();
      expect(screen.getByText(catalog.errors.updated.text)).toBeVisible();
      expect(screen.getByRole('button', { name: catalog.errors.updated.reload })).toBeVisible();
      expect(document.body.textContent).not.toMatch(/dynamically imported module/);
    });

    it(`shows, in ${locale}, a generic page for any other error, without its text`, async () => {
      await setLocale(locale);
      renderFailingScreen(new Error('Cannot read properties of undefined (reading "id") at Page (page.tsx:12)'));
      expect(await screen.findByRole('heading', { level: 1, name: catalog.errors.unexpected.title })).toBeVisible();
      expect(screen.getByText(catalog.errors.unexpected.text)).toBeVisible();
      expect(screen.getByRole('link', { name: catalog.errors.unexpected.back })).toHaveAttribute('href', '/');
      expect(document.body.textContent).not.toMatch(/Cannot read|page\.tsx/);
    });
  }
});
