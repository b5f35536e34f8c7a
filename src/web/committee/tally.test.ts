import { afterAll, describe, expect, it } from 'vitest';
import { tallyItem, type ItemMember, type VoteChoice } from '../../shared/pipeline/committee';
import { i18n, setLocale } from '../i18n';
import { tallyWords, type AgendaItem } from './mapping';

/*
 * The count an agenda item shows (the meeting's count panel, the minutes): the API's tally in words, in the
 * person's language. The figures are the shared `tallyItem`'s; nothing here recounts them.
 */

afterAll(() => setLocale('fr'));

const tally = (overrides: Partial<AgendaItem['tally']> = {}): AgendaItem['tally'] => ({
  present: 4,
  recused: 1,
  eligible: 3,
  quorum: 3,
  hasQuorum: true,
  for: 2,
  against: 1,
  abstain: 0,
  majority: 'for',
  chairBrokeTie: false,
  yetToVote: [],
  ...overrides,
});

describe('the count of an agenda item', () => {
  it('says who may vote, the quorum, the votes and the majority, in English', async () => {
    await setLocale('en');
    expect(tallyWords(tally(), i18n.t)).toEqual({
      presence: 'May vote: 3 (4 present, 1 recused)',
      quorum: 'Quorum met (3 required)',
      votes: 'For 2 · against 1 · abstaining 0',
      majority: 'Majority for',
    });
  });

  it('says the same in French', async () => {
    await setLocale('fr');
    expect(tallyWords(tally(), i18n.t)).toEqual({
      presence: 'Peuvent voter : 3 (4 présents, 1 récusé)',
      quorum: 'Quorum atteint (3 requis)',
      votes: 'Pour 2 · contre 1 · abstentions 0',
      majority: 'Majorité pour',
    });
  });

  it('says when the quorum is not met, and when the chair broke a tie', async () => {
    await setLocale('en');
    const words = tallyWords(
      tally({ eligible: 2, hasQuorum: false, majority: 'against', chairBrokeTie: true, for: 1 }),
      i18n.t,
    );
    expect(words.quorum).toBe('No quorum (3 required)');
    expect(words.majority).toBe('Majority against (the chair broke the tie)');
    expect(tallyWords(tally({ majority: 'tie', for: 1, against: 1 }), i18n.t).majority).toBe('Tie');
  });

  it('shows the shared tally of real votes as it counted them', async () => {
    await setLocale('en');
    let next = 0;
    const member = (vote: VoteChoice | null, extra: Partial<ItemMember> = {}): ItemMember => ({
      id: `m${(next += 1)}`,
      present: true,
      recused: false,
      isChair: false,
      vote,
      ...extra,
    });
    const counted = tallyItem(
      [
        member('for', { isChair: true }),
        member('against'),
        member('abstain'),
        member(null, { recused: true }),
        member(null, { present: false }),
      ],
      3,
    );
    expect(tallyWords(counted, i18n.t)).toEqual({
      presence: 'May vote: 3 (4 present, 1 recused)',
      quorum: 'Quorum met (3 required)',
      votes: 'For 1 · against 1 · abstaining 1',
      majority: 'Majority for (the chair broke the tie)',
    });
  });
});
