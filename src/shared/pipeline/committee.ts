/*
 * The investment committee's arithmetic (docs/decisions/0039): quorum on an agenda item, the majority of votes
 * cast, the chair's casting vote, and whether a decision agrees with the votes. Pure, so the route, the meeting
 * screen and the minutes say the same thing.
 */

export const VOTE_CHOICES = ['for', 'against', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

export const DECISION_OUTCOMES = ['approved', 'approved_with_conditions', 'declined', 'deferred'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** The outcomes that approve a request: they carry terms and amounts, and lead to its money. */
export const APPROVAL_OUTCOMES = ['approved', 'approved_with_conditions'] as const satisfies readonly DecisionOutcome[];
export const isApproval = (outcome: DecisionOutcome): boolean =>
  (APPROVAL_OUTCOMES as readonly DecisionOutcome[]).includes(outcome);

export interface ItemMember {
  id: string;
  present: boolean;
  recused: boolean;
  isChair: boolean;
  vote: VoteChoice | null;
}

export interface ItemTally {
  /** Members present, recused ones included. */
  present: number;
  recused: number;
  /** Members present and not recused: what quorum counts. */
  eligible: number;
  quorum: number;
  hasQuorum: boolean;
  for: number;
  against: number;
  abstain: number;
  /** Who the votes cast favour; `tie` when equal and the chair did not break it. */
  majority: 'for' | 'against' | 'tie';
  /** True when the chair's vote broke a tie. */
  chairBrokeTie: boolean;
  /** The members who may vote and have not (ids, in the committee's order): a decision now is taken without them. */
  yetToVote: string[];
}

/** Who may vote on an item: a member present and not recused. */
export const mayVote = (member: Pick<ItemMember, 'present' | 'recused'>): boolean => member.present && !member.recused;

/**
 * Quorum = members present − members recused on the item, at least the committee's quorum. Votes counted are
 * those of members who may vote; abstentions count toward nothing but their presence. On a tie of for and
 * against (zero each included), the chair's own vote for or against decides.
 */
export function tallyItem(members: readonly ItemMember[], quorum: number): ItemTally {
  const present = members.filter((m) => m.present).length;
  const recused = members.filter((m) => m.present && m.recused).length;
  const eligible = present - recused;
  const voters = members.filter(mayVote);
  const count = (choice: VoteChoice) => voters.filter((m) => m.vote === choice).length;
  const votesFor = count('for');
  const votesAgainst = count('against');
  let majority: ItemTally['majority'] = votesFor > votesAgainst ? 'for' : votesAgainst > votesFor ? 'against' : 'tie';
  let chairBrokeTie = false;
  if (majority === 'tie') {
    const chair = voters.find((m) => m.isChair);
    if (chair?.vote === 'for' || chair?.vote === 'against') {
      majority = chair.vote;
      chairBrokeTie = true;
    }
  }
  return {
    present,
    recused,
    eligible,
    quorum,
    hasQuorum: eligible >= quorum,
    for: votesFor,
    against: votesAgainst,
    abstain: count('abstain'),
    majority,
    chairBrokeTie,
    yetToVote: voters.filter((m) => m.vote === null).map((m) => m.id),
  };
}

export type DecisionRefusal = 'no_quorum' | 'needs_majority_for' | 'needs_majority_against';

/**
 * Why this decision may not be recorded on these votes (null: it may). Deferring is always allowed: it is what
 * a committee does when it cannot decide, quorum or not.
 */
export function decisionRefusal(outcome: DecisionOutcome, tally: ItemTally): DecisionRefusal | null {
  if (outcome === 'deferred') return null;
  if (!tally.hasQuorum) return 'no_quorum';
  if (outcome === 'declined') return tally.majority === 'against' ? null : 'needs_majority_against';
  return tally.majority === 'for' ? null : 'needs_majority_for';
}

/** The request's state a decision leads to. */
export const STATE_AFTER_DECISION = {
  approved: 'decided',
  approved_with_conditions: 'decided',
  declined: 'declined',
  deferred: 'deferred',
} as const satisfies Record<DecisionOutcome, string>;

/** A meeting's attendance is frozen once the committee decided any item of its agenda: the tallies rest on it. */
export const attendanceFrozen = (agenda: readonly { decided: boolean }[]): boolean =>
  agenda.some((item) => item.decided);

export type MeetingDayRefusal = 'meeting_ahead' | 'before_submission';

/**
 * Why a meeting dated `date` may not record votes or a decision on a request first submitted on `submittedOn`
 * (null: it may). A decision is dated by its meeting: a meeting still ahead has not sat, and a meeting dated
 * before the request reached the committee's staff cannot have decided it. Days are YYYY-MM-DD, in Québec.
 */
export function meetingDayRefusal(date: string, today: string, submittedOn: string | null): MeetingDayRefusal | null {
  if (date > today) return 'meeting_ahead';
  if (submittedOn !== null && date < submittedOn) return 'before_submission';
  return null;
}

export type DecidedAmountProblem =
  | { index: number; problem: 'fund_not_asked' }
  | { index: number; problem: 'over_asked'; askedCents: number }
  | { index: null; problem: 'over_cost'; totalCents: number };

/**
 * What is wrong with the amounts a decision grants (empty: nothing): each fund's at most what the request asks
 * of it — a larger amount, or a fund it does not ask, needs the request amended first — and all of them together
 * never above the project's cost. Amounts in cents.
 */
export function decidedAmountProblems(
  asked: readonly { fundId: string; cents: number }[],
  decided: readonly { fundId: string; cents: number }[],
  projectCostCents: number,
): DecidedAmountProblem[] {
  const problems: DecidedAmountProblem[] = [];
  decided.forEach((amount, index) => {
    const of = asked.find((a) => a.fundId === amount.fundId);
    if (!of) problems.push({ index, problem: 'fund_not_asked' });
    else if (amount.cents > of.cents) problems.push({ index, problem: 'over_asked', askedCents: of.cents });
  });
  const totalCents = decided.reduce((sum, amount) => sum + amount.cents, 0);
  if (totalCents > projectCostCents) problems.push({ index: null, problem: 'over_cost', totalCents });
  return problems;
}
