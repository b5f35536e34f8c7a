import { afterAll, describe, expect, it } from 'vitest';
import { DUE_GROUPS } from '../../shared/tasks/rules';
import { i18n, setLocale } from '../i18n';
import { taskListQuery } from './api';
import { reportFilters } from './report-page';

/*
 * The filters of the task screens (docs/decisions/0041): My tasks asks the API for one due group of one person's
 * tasks (or the administrators' queue) at a time; the fund report reads its fund and period from the address.
 */

afterAll(() => setLocale('fr'));

describe('My tasks', () => {
  it('asks for each due group of my tasks, and of the queue when an administrator switches to it', () => {
    expect(DUE_GROUPS.map((group) => taskListQuery('me', group))).toEqual([
      { 'filter[assignee]': 'me', 'filter[due]': 'overdue', 'page[size]': '50' },
      { 'filter[assignee]': 'me', 'filter[due]': 'week', 'page[size]': '50' },
      { 'filter[assignee]': 'me', 'filter[due]': 'later', 'page[size]': '50' },
    ]);
    expect(taskListQuery('queue', 'overdue')).toEqual({
      'filter[assignee]': 'queue',
      'filter[due]': 'overdue',
      'page[size]': '50',
    });
  });

  it('titles its groups in the order it shows them, in both languages', async () => {
    await setLocale('en');
    expect(DUE_GROUPS.map((group) => i18n.t(`tasks.page.groups.${group}`))).toEqual(['Overdue', 'This week', 'Later']);
    await setLocale('fr');
    expect(DUE_GROUPS.map((group) => i18n.t(`tasks.page.groups.${group}`))).toEqual([
      'En retard',
      'Cette semaine',
      'Plus tard',
    ]);
  });
});

describe('the fund report’s filters', () => {
  const TODAY = '2026-11-27';
  const FUND = '11111111-1111-4111-8111-111111111111';

  it('opens on the last twelve months and reads nothing until a fund and a period are asked', () => {
    expect(reportFilters(new URLSearchParams(''), TODAY)).toEqual({
      asked: { fundId: '', from: '', to: '' },
      draft: { fundId: '', from: '2025-11-27', to: TODAY },
      ready: false,
    });
  });

  it('reads the report asked in the address, and the form shows it', () => {
    const filters = reportFilters(new URLSearchParams(`fund_id=${FUND}&from=2026-01-01&to=2026-06-30`), TODAY);
    expect(filters.ready).toBe(true);
    expect(filters.asked).toEqual({ fundId: FUND, from: '2026-01-01', to: '2026-06-30' });
    expect(filters.draft).toEqual(filters.asked);
  });

  it('waits for the whole period: a fund and a start alone read nothing, the form fills the end', () => {
    const filters = reportFilters(new URLSearchParams(`fund_id=${FUND}&from=2026-01-01`), TODAY);
    expect(filters.ready).toBe(false);
    expect(filters.draft).toEqual({ fundId: FUND, from: '2026-01-01', to: TODAY });
  });

  it('counts twelve months back from the end of a short month without overflowing', () => {
    expect(reportFilters(new URLSearchParams(''), '2028-02-29').draft.from).toBe('2027-02-28');
  });
});
