/*
 * What the committee's screens derive from the API's answers, pure so that it is tested without a browser:
 * meetings split upcoming / past, a committee and an agenda item as their forms' values, who the signed-in
 * user may enter a vote for, and each member's standing on an item. The counts themselves are the API's `tally`
 * (src/shared/pipeline/committee.ts): nothing here recounts them.
 */
import type { z } from 'zod';
import { isApproval, mayVote } from '../../shared/pipeline';
import type { committeeInputSchema, decisionInputSchema } from '../../shared/schemas/pipeline';
import type { Committee, Meeting, MeetingSummary } from '../../shared/schemas/pipeline-answers';
import type { Locale } from '../../shared/constants';
import { formatAmountInput } from '../../shared/intl';
import type { TFunction } from '../i18n';

export type CommitteeFormValues = z.input<typeof committeeInputSchema>;
export type DecisionFormValues = z.input<typeof decisionInputSchema>;
export type AgendaItem = Meeting['agenda'][number];
export type MeetingMember = Meeting['members'][number];

/** Upcoming meetings (today included) soonest first, then past ones latest first. */
export function splitMeetings(meetings: readonly MeetingSummary[], today: string) {
  const upcoming = meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = meetings.filter((m) => m.date < today).sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}

/**
 * A member row of the committee form: the API's member plus `kind`, which says which of user or name the row
 * holds (the schema strips it; the form clears the other field when it changes).
 */
export type MemberRow = CommitteeFormValues['members'] extends (infer M)[] | null | undefined
  ? M & { kind: 'staff' | 'external' }
  : never;
export type CommitteeRows = Omit<CommitteeFormValues, 'members'> & { members: MemberRow[] };

export const emptyMember = (): MemberRow => ({ id: null, kind: 'staff', userId: '', externalName: '', isChair: false });

/** A committee as its form opens: a new one with one empty member. */
export function committeeRows(committee: Committee | null): CommitteeRows {
  if (!committee) return { name: '', quorum: '', members: [emptyMember()] };
  return {
    name: committee.name,
    quorum: String(committee.quorum),
    members: committee.members.map((m) => ({
      id: m.id,
      kind: m.external ? 'external' : 'staff',
      userId: m.userId ?? '',
      externalName: m.external ? m.name : '',
      isChair: m.isChair,
    })),
  };
}

/** A decision form as it opens: approve the amounts the request asked, terms to type. */
export function decisionDefaults(item: AgendaItem, locale: Locale): DecisionFormValues {
  return {
    outcome: 'approved',
    resolutionNumber: '',
    amounts: item.amounts.map((a) => ({ fundId: a.fundId, amount: formatAmountInput(a.amount, locale) })),
    rate: '',
    amortization: '',
    moratorium: '',
    warrantyId: '',
    conditions: [],
    refusalReason: '',
  };
}

/**
 * What the API takes for the outcome chosen: an outcome that is not an approval sends no amounts or terms (the
 * schema refuses conditions on anything but an approval with conditions), so switching outcome and back keeps
 * what was typed in the form while sending only what the outcome means.
 */
export function decisionPayload(values: DecisionFormValues): DecisionFormValues {
  const approval = isApproval(values.outcome);
  return {
    ...values,
    amounts: approval ? values.amounts : [],
    rate: approval ? values.rate : '',
    amortization: approval ? values.amortization : '',
    moratorium: approval ? values.moratorium : '',
    warrantyId: approval ? values.warrantyId : '',
    conditions: values.outcome === 'approved_with_conditions' ? values.conditions : [],
    refusalReason: values.outcome === 'declined' ? values.refusalReason : '',
  };
}

export type Standing = 'absent' | 'recused' | 'present';

/** A member's standing on an item: absent from the meeting, present and recused on it, or present. */
export function standing(member: MeetingMember, item: AgendaItem): Standing {
  if (!member.present) return 'absent';
  return item.conflicts.some((c) => c.memberId === member.id) ? 'recused' : 'present';
}

/** Who is signed in, as the meeting's rules read it. */
type SignedIn = { id: string | null; isAdmin: boolean };

/** The members `keep` selects while the item is open: once it is decided, nobody votes or declares on it. */
const undecided = (meeting: Meeting, item: AgendaItem, keep: (member: MeetingMember) => boolean) =>
  item.decision ? [] : meeting.members.filter(keep);

/**
 * The members whose vote the signed-in user may enter on an item (ADR 0040, 0068): their own, and an administrator
 * (the secretary) any member's; only present, not recused, and not once the item is decided.
 */
export function votersFor(meeting: Meeting, item: AgendaItem, user: SignedIn): MeetingMember[] {
  return undecided(
    meeting,
    item,
    (m) =>
      mayVote({ present: m.present, recused: standing(m, item) === 'recused' }) &&
      (m.userId === user.id || user.isAdmin),
  );
}

/** The members who may vote on the item and have not, by name, in the committee's order (the API's `yetToVote`). */
export const yetToVoteNames = (meeting: Meeting, item: AgendaItem): string[] =>
  item.tally.yetToVote.map((id) => meeting.members.find((m) => m.id === id)?.name ?? '—');

/** The members for whom the signed-in user may declare a conflict: themself, or any present member for an administrator. */
export function conflictDeclarers(meeting: Meeting, item: AgendaItem, user: SignedIn): MeetingMember[] {
  return undecided(
    meeting,
    item,
    (m) => standing(m, item) === 'present' && (user.isAdmin || (m.userId !== null && m.userId === user.id)),
  );
}

/**
 * What the count of an item says, in the words of `t`: who may vote, whether the quorum is met, the votes, the
 * majority (and that the chair broke a tie). The meeting's count panel and the minutes both read it.
 */
export function tallyWords(tally: AgendaItem['tally'], t: TFunction) {
  return {
    presence: t('committee.meeting.eligible', {
      eligible: tally.eligible,
      present: t(tally.present === 1 ? 'analyst.committee.presentOne' : 'analyst.committee.presentMany', {
        n: tally.present,
      }),
      recused: t(tally.recused === 1 ? 'analyst.committee.recusedOne' : 'analyst.committee.recusedMany', {
        n: tally.recused,
      }),
    }),
    quorum: t(tally.hasQuorum ? 'committee.meeting.quorumMet' : 'committee.meeting.quorumNotMet', {
      quorum: tally.quorum,
    }),
    votes: t('committee.meeting.tally', { for: tally.for, against: tally.against, abstain: tally.abstain }),
    majority:
      t(`committee.meeting.majority.${tally.majority}`) +
      (tally.chairBrokeTie ? ` (${t('committee.meeting.chairBrokeTie')})` : ''),
  };
}
