import { REQUEST_STATES, isFinal, type RequestState } from '../../shared/pipeline';
import type { WebCatalogKey } from '../i18n';

/*
 * The board of requests (/requests): a column per state, the ended ones (disbursed, declined, withdrawn) only on
 * demand so that a year of requests does not bury the ones still moving. Its filters live in the address, so a
 * board can be bookmarked, shared and reopened as it was left.
 */

/** States still moving, in the order a request meets them (deferred last: it waits for another meeting). */
export const ACTIVE_STATES: readonly RequestState[] = REQUEST_STATES.filter((state) => !isFinal(state));
/** States a request ends in. */
export const ENDED_STATES: readonly RequestState[] = REQUEST_STATES.filter(isFinal);

/** The board's filters as the address holds them (`?fund=…&mine=1&ended=1`). */
export interface BoardFilters {
  fundId: string | null;
  mine: boolean;
  ended: boolean;
}

export function readBoardFilters(params: URLSearchParams): BoardFilters {
  return { fundId: params.get('fund') || null, mine: params.get('mine') === '1', ended: params.get('ended') === '1' };
}

/** The address's search part for these filters; a filter at its default is left out. */
export function boardSearch(filters: BoardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.fundId) params.set('fund', filters.fundId);
  if (filters.mine) params.set('mine', '1');
  if (filters.ended) params.set('ended', '1');
  return params;
}

/** The columns shown: the states still moving, then the ended ones when asked for. */
export const boardStates = (filters: Pick<BoardFilters, 'ended'>): readonly RequestState[] =>
  filters.ended ? [...ACTIVE_STATES, ...ENDED_STATES] : ACTIVE_STATES;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a request has waited in its state, in whole days (a request that entered it an hour ago waited 0
 * days, never a negative count when the clocks differ a little).
 */
export function waitingDays(since: string, now: Date): number {
  const elapsed = now.getTime() - new Date(since).getTime();
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / DAY_MS)) : 0;
}

const WAITED = ['pipeline.board.waitedToday', 'pipeline.board.waitedOneDay'] as const;

/** The catalog key and values that say how long it waited: "since today", "1 day", "12 days". */
export function waitingLabel(since: string, now: Date): { key: WebCatalogKey; params: { count: number } } {
  const days = waitingDays(since, now);
  return { key: WAITED[days] ?? 'pipeline.board.waited', params: { count: days } };
}
