/*
 * The app's code arrives in chunks, fetched when a screen (or a modal, a chart) first needs them, under names that
 * change with each build. A tab opened before a deploy asks for chunks of its own build, which the new one no longer
 * has: the import fails. docs/decisions/0049: the failure becomes a `StaleBuildError`, which the error page words
 * as "Atrium was updated, reload" — after one reload it makes by itself.
 */

/** Some of the app's code could not be fetched: most likely a newer version of Atrium replaced it. */
export class StaleBuildError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'StaleBuildError';
  }
}

/**
 * What a failed dynamic import rejects with: a TypeError in every browser ("Failed to fetch dynamically imported
 * module", "error loading dynamically imported module", "Importing a module script failed"), or Vite's own error
 * when a chunk's style sheet cannot be preloaded.
 */
function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.message.startsWith('Unable to preload'));
}

/** Runs a dynamic import; its failure to fetch becomes a `StaleBuildError`, any other error stays as it is. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    throw isChunkLoadFailure(error) ? new StaleBuildError(error) : error;
  });
}

/** When this tab last reloaded by itself for a new version (ms since the epoch), in sessionStorage: one tab's. */
export const RELOAD_MARK = 'atrium.reloadedForUpdate';
/**
 * A reload within this time of the last one would be a loop (the chunk is missing for another reason than a
 * deploy, or the network is down): the error page then says what happened and offers the reload instead.
 */
export const RELOAD_GUARD_MS = 5 * 60_000;

/** Whether this tab may reload by itself: it has not done so within RELOAD_GUARD_MS, and can remember doing so. */
export function mayReloadForUpdate(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    // Storage that refuses to keep the mark (private mode, quota) could not stop a loop.
    sessionStorage.setItem(RELOAD_MARK, String(last));
    return now - last >= RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/** Reloads the page, marking when. `reload` and `now` are the page's own, given otherwise only by the tests. */
export function reloadForUpdate(reload = () => window.location.reload(), now = Date.now()): void {
  sessionStorage.setItem(RELOAD_MARK, String(now));
  reload();
}
