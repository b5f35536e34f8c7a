import { describe, expect, it } from 'vitest';
import { decisionInputSchema, committeeInputSchema } from '../../shared/schemas/pipeline';
import type { Meeting, MeetingSummary } from '../../shared/schemas/pipeline-answers';
import {
  committeeRows,
  conflictDeclarers,
  decisionDefaults,
  decisionPayload,
  splitMeetings,
  standing,
  votersFor,
  type AgendaItem,
} from './mapping';

const FUND = '11111111-1111-4111-8111-111111111111';
const OTHER_FUND = '22222222-2222-4222-8222-222222222222';
const ME = '33333333-3333-4333-8333-333333333333';
const SOMEONE = '44444444-4444-4444-8444-444444444444';

const summary = (id: string, date: string): MeetingSummary => ({
  id,
  committeeId: 'c',
  committeeName: 'C',
  date,
  location: null,
  itemsCount: 0,
  decidedCount: 0,
});

const tally = {
  present: 3,
  recused: 1,
  eligible: 2,
  quorum: 2,
  hasQuorum: true,
  for: 0,
  against: 0,
  abstain: 0,
  majority: 'tie' as const,
  chairBrokeTie: false,
  yetToVote: ['m-me', 'm-someone', 'm-external'],
};

const item = (overrides: Partial<AgendaItem> = {}): AgendaItem => ({
  id: 'item',
  requestId: 'r',
  companyName: 'Boulangerie',
  projectName: 'Four',
  projectCost: 100000,
  requestState: 'ready_for_committee',
  amounts: [
    { fundId: FUND, fundName: 'FLI', amount: 40000 },
    { fundId: OTHER_FUND, fundName: 'FLS', amount: 12500.5 },
  ],
  conflicts: [{ memberId: 'm-recused', reason: 'Actionnaire', automatic: false }],
  votes: [],
  tally,
  checks: [],
  decision: null,
  ...overrides,
});

const member = (id: string, userId: string | null, present: boolean) => ({
  id,
  userId,
  name: id,
  external: userId === null,
  isChair: false,
  present,
});

const meeting: Meeting = {
  id: 'meeting',
  committeeId: 'c',
  committeeName: 'C',
  date: '2026-11-26',
  location: null,
  members: [
    member('m-me', ME, true),
    member('m-someone', SOMEONE, true),
    member('m-external', null, true),
    member('m-external-absent', null, false),
    member('m-recused', null, true),
  ],
  agenda: [],
};

describe('splitMeetings', () => {
  it('puts today and later first, soonest first, then the past latest first', () => {
    const { upcoming, past } = splitMeetings(
      [
        summary('a', '2026-10-01'),
        summary('b', '2026-12-15'),
        summary('c', '2026-11-26'),
        summary('d', '2026-11-01'),
        summary('e', '2027-01-10'),
      ],
      '2026-11-26',
    );
    expect(upcoming.map((m) => m.id)).toEqual(['c', 'b', 'e']);
    expect(past.map((m) => m.id)).toEqual(['d', 'a']);
  });
});

describe('standing, votersFor and conflictDeclarers (ADR 0040)', () => {
  it.each([
    ['m-me', 'present'],
    ['m-external-absent', 'absent'],
    ['m-recused', 'recused'],
  ])('%s is %s on the item', (id, expected) => {
    expect(
      standing(
        meeting.members.find((m) => m.id === id)!,
        item(),
      ),
    ).toBe(expected);
  });

  it.each([
    ['a staff member', { id: ME, isAdmin: false }, ['m-me']],
    ['another staff member', { id: SOMEONE, isAdmin: false }, ['m-someone']],
    // The secretary enters any present member's vote, marked as entered by them (ADR 0068).
    ['an administrator who sits on it', { id: ME, isAdmin: true }, ['m-me', 'm-someone', 'm-external']],
    ['an administrator who does not', { id: 'admin', isAdmin: true }, ['m-me', 'm-someone', 'm-external']],
    ['someone who is no member', { id: 'nobody', isAdmin: false }, []],
  ])('%s enters the votes of %j', (_, user, expected) => {
    // Never an absent or recused member; never another staff member's unless the secretary's.
    expect(votersFor(meeting, item(), user).map((m) => m.id)).toEqual(expected);
  });

  it('offers no vote and no conflict once the item is decided', () => {
    const decided = item({
      decision: {
        id: 'd',
        outcome: 'deferred',
        resolutionNumber: 'R-1',
        decidedOn: '2026-11-26',
        amounts: [],
        rate: null,
        amortization: null,
        moratorium: null,
        warrantyId: null,
        votesFor: 0,
        votesAgainst: 0,
        votesAbstain: 0,
        missingVoters: [],
        refusalReason: null,
        conditions: [],
      },
    });
    expect(votersFor(meeting, decided, { id: ME, isAdmin: true })).toEqual([]);
    expect(conflictDeclarers(meeting, decided, { id: ME, isAdmin: true })).toEqual([]);
  });

  it('lets a member declare their own conflict, an administrator any present member’s not yet recused', () => {
    expect(conflictDeclarers(meeting, item(), { id: SOMEONE, isAdmin: false }).map((m) => m.id)).toEqual(['m-someone']);
    expect(conflictDeclarers(meeting, item(), { id: 'admin', isAdmin: true }).map((m) => m.id)).toEqual([
      'm-me',
      'm-someone',
      'm-external',
    ]);
  });
});

describe('the decision form', () => {
  it('opens on an approval of the amounts asked, with two decimals, written as the language writes them', () => {
    const values = decisionDefaults(item(), 'en');
    expect(values.outcome).toBe('approved');
    expect(values.amounts).toEqual([
      { fundId: FUND, amount: '40000.00' },
      { fundId: OTHER_FUND, amount: '12500.50' },
    ]);
    expect(decisionDefaults(item(), 'fr').amounts).toEqual([
      { fundId: FUND, amount: '40\u00a0000,00' },
      { fundId: OTHER_FUND, amount: '12\u00a0500,50' },
    ]);
  });

  it('sends only what the outcome means, whatever else was typed', () => {
    const typed = {
      ...decisionDefaults(item(), 'fr'),
      resolutionNumber: 'R-7',
      rate: '5,5',
      amortization: '60',
      moratorium: '6',
      conditions: [{ text: 'Assurance', kind: 'before_disbursement' as const, dueDate: '2027-01-31' }],
    };
    const table = [
      { outcome: 'approved' as const, amounts: 2, rate: 5.5, conditions: 0 },
      { outcome: 'approved_with_conditions' as const, amounts: 2, rate: 5.5, conditions: 1 },
      { outcome: 'declined' as const, amounts: 0, rate: null, conditions: 0 },
      { outcome: 'deferred' as const, amounts: 0, rate: null, conditions: 0 },
    ];
    for (const row of table) {
      const parsed = decisionInputSchema.safeParse(decisionPayload({ ...typed, outcome: row.outcome }));
      expect(parsed.success, row.outcome).toBe(true);
      const input = parsed.data!;
      expect([input.amounts.length, input.rate, input.conditions.length]).toEqual([
        row.amounts,
        row.rate,
        row.conditions,
      ]);
      expect(input.resolutionNumber).toBe('R-7');
    }
    // The form's own values are left as typed.
    expect(typed.conditions).toHaveLength(1);
  });
});

describe('the committee form', () => {
  it('opens a new committee with one staff member to choose', () => {
    expect(committeeRows(null)).toEqual({
      name: '',
      quorum: '',
      members: [{ id: null, kind: 'staff', userId: '', externalName: '', isChair: false }],
    });
  });

  it('round-trips a committee through the schema: staff by user, externals by name, ids kept, kind dropped', () => {
    const rows = committeeRows({
      id: 'c',
      name: 'Comité FLI',
      quorum: 2,
      members: [
        { id: FUND, userId: ME, name: 'Camille Comité', external: false, isChair: true },
        { id: OTHER_FUND, userId: null, name: 'Hélène Externe', external: true, isChair: false },
      ],
    });
    const parsed = committeeInputSchema.parse(rows);
    expect(parsed).toEqual({
      name: 'Comité FLI',
      quorum: 2,
      members: [
        { id: FUND, userId: ME, externalName: null, isChair: true },
        { id: OTHER_FUND, userId: null, externalName: 'Hélène Externe', isChair: false },
      ],
    });
  });
});
