import { REQUEST_STATES, ITEM_STATUSES, CONDITION_STATUSES } from '../pipeline/states';
import { DECISION_OUTCOMES, VOTE_CHOICES } from '../pipeline/committee';
import { systemEvent, type Bilingual, type FieldChange, type StoredParams, type TitleWriter } from './define';

/*
 * The pipeline's events in a company's history (docs/decisions/0039): a request created or edited (field by
 * field), every move, every checklist item's change, votes, decisions and conditions. Written in the change's
 * own transaction; titles under `pipeline.history.…`.
 */

/** A value of a closed list in the reader's words; "unknown" for one the list does not have. */
function named(value: unknown, values: readonly string[], catalog: string, w: TitleWriter): string {
  const text = w.text(value);
  return text && values.includes(text) ? w.t(`pipeline.${catalog}.${text}`) : w.t('events.system.unknown');
}

/** A kept value, or "unknown" where an older row lacks it. */
const orUnknown = (text: string | null, w: TitleWriter) => text ?? w.t('events.system.unknown');

/** An event whose title, `pipeline.history.<key>`, names the request's project and the values `values` reads. */
const projectEvent = <P extends { project: string }>(
  key: string,
  values: (p: StoredParams<P>, w: TitleWriter) => Record<string, string>,
) =>
  systemEvent<P>({
    title: (p, w) => w.t(`pipeline.history.${key}`, { project: orUnknown(w.text(p.project), w), ...values(p, w) }),
  });

export const pipelineEvents = {
  fundingRequestCreated: projectEvent<{ project: string; amount: number }>('created', (p, w) => ({
    amount: orUnknown(w.money(p.amount), w),
  })),
  fundingRequestChanged: systemEvent<{ project: string; changes: FieldChange[] }>({
    title: (p, w) =>
      w.t('pipeline.history.changed', { project: orUnknown(w.text(p.project), w), fields: w.changedFields(p.changes) }),
    details: 'changes',
  }),
  fundingRequestMoved: projectEvent<{ project: string; from: string; to: string }>('moved', (p, w) => ({
    from: named(p.from, REQUEST_STATES, 'state', w),
    to: named(p.to, REQUEST_STATES, 'state', w),
  })),
  checklistItemChanged: projectEvent<{ project: string; item: Bilingual; status: string }>('itemChanged', (p, w) => ({
    item: orUnknown(w.name(p.item), w),
    status: named(p.status, ITEM_STATUSES, 'itemStatus', w),
  })),
  committeeVote: projectEvent<{ project: string; member: string; choice: string; resolution: string }>(
    'vote',
    (p, w) => ({ member: orUnknown(w.text(p.member), w), choice: named(p.choice, VOTE_CHOICES, 'vote', w) }),
  ),
  committeeDecision: projectEvent<{ project: string; outcome: string; resolution: string }>('decision', (p, w) => ({
    outcome: named(p.outcome, DECISION_OUTCOMES, 'outcome', w),
    resolution: orUnknown(w.text(p.resolution), w),
  })),
  conditionChanged: projectEvent<{ project: string; condition: string; status: string }>('condition', (p, w) => ({
    condition: orUnknown(w.text(p.condition), w),
    status: named(p.status, CONDITION_STATUSES, 'conditionStatus', w),
  })),
};
