import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST_STATES, type RequestState } from '../../shared/pipeline';
import { ApiError } from '../api/client';
import { i18n, setLocale } from '../i18n';
import { moveLabelKey, moveStep, refusalOf } from './request-page';

/*
 * The request page's moves (docs/decisions/0042): what each button says, what pressing it does, and how a refused
 * move reads — in the words the person sees, in both languages.
 */

afterAll(() => setLocale('fr'));

const labels = (from: RequestState, targets: readonly RequestState[]) =>
  targets.map((to) => i18n.t(moveLabelKey(from, to)));

describe('a move’s button', () => {
  it('names the step it takes, in English and in French', async () => {
    await setLocale('en');
    expect(labels('draft', ['submitted', 'withdrawn'])).toEqual(['Submit', 'Withdraw']);
    expect(labels('submitted', ['in_analysis', 'draft'])).toEqual(['Start the analysis', 'Back to draft']);
    await setLocale('fr');
    expect(labels('draft', ['submitted'])).toEqual(['Déposer']);
    expect(labels('submitted', ['in_analysis'])).toEqual(['Commencer l’analyse']);
  });

  it('says "back to analysis" only from ready-for-committee to analysis', async () => {
    await setLocale('en');
    expect(labels('ready_for_committee', ['in_analysis', 'withdrawn'])).toEqual(['Back to analysis', 'Withdraw']);
    // Any other way into analysis is a start, not a return.
    for (const from of REQUEST_STATES.filter((state) => state !== 'ready_for_committee')) {
      expect(i18n.t(moveLabelKey(from, 'in_analysis'))).toBe('Start the analysis');
    }
  });

  it('has words for every state a move can reach, never a raw key', async () => {
    for (const locale of ['en', 'fr'] as const) {
      await setLocale(locale);
      for (const from of REQUEST_STATES) {
        for (const label of labels(from, REQUEST_STATES)) {
          expect(label).not.toMatch(/^pipeline\./);
          expect(label.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('pressing a move', () => {
  it('opens the disbursement form for "disburse", asks first for "withdraw", moves at once otherwise', () => {
    expect(moveStep('disbursed')).toBe('disburse');
    expect(moveStep('withdrawn')).toBe('confirm');
    const immediate = REQUEST_STATES.filter((state) => state !== 'disbursed' && state !== 'withdrawn');
    expect(immediate.map(moveStep)).toEqual(immediate.map(() => 'move'));
  });
});

describe('a refused move', () => {
  it('reads the server’s message with each field’s words, and lists the items that block it', () => {
    const error = new ApiError(409, {
      code: 'conflict',
      message: 'The checklist is not complete.',
      detail: {
        missing_items: ['Business plan', 'Financial statements'],
        amounts: ['Ask for at least one amount.'],
        state: ['ignored'],
        lock_version: ['ignored too'],
      },
    });
    expect(refusalOf(error)).toEqual({
      message: 'The checklist is not complete. Ask for at least one amount.',
      items: ['Business plan', 'Financial statements'],
    });
  });

  it('says the generic error in the person’s language when the server said nothing usable', async () => {
    await setLocale('en');
    expect(refusalOf(new TypeError('Failed to fetch'))).toEqual({
      message: 'An error occured, please try again later.',
      items: [],
    });
    await setLocale('fr');
    const silent = new ApiError(500, { code: 'http_error', message: '' });
    expect(refusalOf(silent)).toEqual({ message: 'Une erreur est survenue, veuillez réessayer plus tard.', items: [] });
  });
});
