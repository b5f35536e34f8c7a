import { describe, expect, it } from 'vitest';
import { decisionRefusal, tallyItem, type DecisionOutcome, type ItemMember, type VoteChoice } from './committee';

/*
 * Quorum, recusal, majority and the chair's casting vote (docs/decisions/0039), one row per case. A member is
 * written as a short code: P present, A absent; r recused; C the chair; then the vote (f, a, x abstain, - none).
 */
function member(code: string, index: number): ItemMember {
  const [presence, ...flags] = code.split('');
  const vote = flags.at(-1);
  const votes: Record<string, VoteChoice | null> = { f: 'for', a: 'against', x: 'abstain', '-': null };
  return {
    id: `m${index}`,
    present: presence === 'P',
    recused: flags.includes('r'),
    isChair: flags.includes('C'),
    vote: vote && vote in votes ? votes[vote]! : null,
  };
}
const members = (codes: string) => codes.split(' ').map(member);

describe('tallyItem', () => {
  const cases: {
    name: string;
    members: string;
    quorum: number;
    eligible: number;
    hasQuorum: boolean;
    votes: [number, number, number];
    majority: 'for' | 'against' | 'tie';
    chairBrokeTie?: boolean;
  }[] = [
    {
      name: 'all present, clear for',
      members: 'Pf Pf Pa',
      quorum: 3,
      eligible: 3,
      hasQuorum: true,
      votes: [2, 1, 0],
      majority: 'for',
    },
    {
      name: 'clear against',
      members: 'Pa Pa Pf P-',
      quorum: 3,
      eligible: 4,
      hasQuorum: true,
      votes: [1, 2, 0],
      majority: 'against',
    },
    {
      name: 'absent members do not count',
      members: 'Pf Pf Af Aa Aa',
      quorum: 3,
      eligible: 2,
      hasQuorum: false,
      votes: [2, 0, 0],
      majority: 'for',
    },
    {
      name: 'the auditor general case: 3 of 8 present',
      members: 'Pf Pf Pf A- A- A- A- A-',
      quorum: 5,
      eligible: 3,
      hasQuorum: false,
      votes: [3, 0, 0],
      majority: 'for',
    },
    {
      name: 'a recused member leaves quorum',
      members: 'Pf Pf Pa Prf',
      quorum: 4,
      eligible: 3,
      hasQuorum: false,
      votes: [2, 1, 0],
      majority: 'for',
    },
    {
      name: 'a recused member present still meets quorum when enough remain',
      members: 'Pf Pf Pa Pr- Pf',
      quorum: 4,
      eligible: 4,
      hasQuorum: true,
      votes: [3, 1, 0],
      majority: 'for',
    },
    {
      name: "a recused member's vote is not counted",
      members: 'Pf Pa Pra Pra',
      quorum: 2,
      eligible: 2,
      hasQuorum: true,
      votes: [1, 1, 0],
      majority: 'tie',
    },
    {
      name: 'abstentions count for quorum, not for the majority',
      members: 'Pf Px Px Px',
      quorum: 4,
      eligible: 4,
      hasQuorum: true,
      votes: [1, 0, 3],
      majority: 'for',
    },
    {
      name: 'abstentions do not turn a minority into a majority',
      members: 'Pf Pa Pa Px Px Px',
      quorum: 3,
      eligible: 6,
      hasQuorum: true,
      votes: [1, 2, 3],
      majority: 'against',
    },
    {
      name: 'tie broken by the chair for',
      members: 'PCf Pa Pf Pa',
      quorum: 3,
      eligible: 4,
      hasQuorum: true,
      votes: [2, 2, 0],
      majority: 'for',
      chairBrokeTie: true,
    },
    {
      name: 'tie broken by the chair against',
      members: 'PCa Pf Pf Pa',
      quorum: 3,
      eligible: 4,
      hasQuorum: true,
      votes: [2, 2, 0],
      majority: 'against',
      chairBrokeTie: true,
    },
    {
      name: 'tie with the chair abstaining stays a tie',
      members: 'PCx Pf Pa',
      quorum: 3,
      eligible: 3,
      hasQuorum: true,
      votes: [1, 1, 1],
      majority: 'tie',
    },
    {
      name: 'tie with the chair recused stays a tie',
      members: 'PCrf Pf Pa',
      quorum: 2,
      eligible: 2,
      hasQuorum: true,
      votes: [1, 1, 0],
      majority: 'tie',
    },
    {
      name: 'tie with the chair absent stays a tie',
      members: 'ACf Pf Pa',
      quorum: 2,
      eligible: 2,
      hasQuorum: true,
      votes: [1, 1, 0],
      majority: 'tie',
    },
    {
      name: 'no votes cast is a tie',
      members: 'P- P- P-',
      quorum: 3,
      eligible: 3,
      hasQuorum: true,
      votes: [0, 0, 0],
      majority: 'tie',
    },
    {
      name: 'an absent member with a vote on file is not counted',
      members: 'Pf Aa Aa',
      quorum: 1,
      eligible: 1,
      hasQuorum: true,
      votes: [1, 0, 0],
      majority: 'for',
    },
  ];
  it.each(cases)('$name', (c) => {
    const tally = tallyItem(members(c.members), c.quorum);
    expect(tally.eligible).toBe(c.eligible);
    expect(tally.hasQuorum).toBe(c.hasQuorum);
    expect([tally.for, tally.against, tally.abstain]).toEqual(c.votes);
    expect(tally.majority).toBe(c.majority);
    expect(tally.chairBrokeTie).toBe(c.chairBrokeTie ?? false);
    expect(tally.eligible).toBe(tally.present - tally.recused);
  });
});

describe('decisionRefusal', () => {
  const cases: { members: string; quorum: number; outcome: DecisionOutcome; refusal: string | null }[] = [
    { members: 'Pf Pf Pa', quorum: 3, outcome: 'approved', refusal: null },
    { members: 'Pf Pf Pa', quorum: 3, outcome: 'approved_with_conditions', refusal: null },
    { members: 'Pf Pf Pa', quorum: 3, outcome: 'declined', refusal: 'needs_majority_against' },
    { members: 'Pf Pf Pa', quorum: 3, outcome: 'deferred', refusal: null },
    { members: 'Pa Pa Pf', quorum: 3, outcome: 'declined', refusal: null },
    { members: 'Pa Pa Pf', quorum: 3, outcome: 'approved', refusal: 'needs_majority_for' },
    { members: 'Pf Pa', quorum: 2, outcome: 'approved', refusal: 'needs_majority_for' },
    { members: 'Pf Pa', quorum: 2, outcome: 'declined', refusal: 'needs_majority_against' },
    { members: 'PCf Pa', quorum: 2, outcome: 'approved', refusal: null },
    { members: 'Pf Pf A- A-', quorum: 3, outcome: 'approved', refusal: 'no_quorum' },
    { members: 'Pa Pa A- A-', quorum: 3, outcome: 'declined', refusal: 'no_quorum' },
    { members: 'Pf Pf Prf', quorum: 3, outcome: 'approved', refusal: 'no_quorum' },
    { members: 'Pf Pf A- A-', quorum: 3, outcome: 'deferred', refusal: null },
  ];
  it.each(cases)('$members (quorum $quorum): $outcome → $refusal', (c) => {
    expect(decisionRefusal(c.outcome, tallyItem(members(c.members), c.quorum))).toBe(c.refusal);
  });
});
