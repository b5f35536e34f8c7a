import { REQUEST_STATES, ITEM_STATUSES, CONDITION_STATUSES } from '../pipeline/states';
import { DECISION_OUTCOMES, VOTE_CHOICES } from '../pipeline/committee';
import { systemEvent, type Bilingual, type FieldChange, type TitleWriter } from './define';

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

const project = (p: { project?: unknown }, w: TitleWriter) => w.text(p.project) ?? w.t('events.system.unknown');

export const pipelineEvents = {
  fundingRequestCreated: systemEvent<{ project: string; amount: number }>({
    title: (p, w) =>
      w.t('pipeline.history.created', {
        project: project(p, w),
        amount: w.money(p.amount) ?? w.t('events.system.unknown'),
      }),
  }),
  fundingRequestChanged: systemEvent<{ project: string; changes: FieldChange[] }>({
    title: (p, w) => w.t('pipeline.history.changed', { project: project(p, w), fields: w.changedFields(p.changes) }),
    details: 'changes',
  }),
  fundingRequestMoved: systemEvent<{ project: string; from: string; to: string }>({
    title: (p, w) =>
      w.t('pipeline.history.moved', {
        project: project(p, w),
        from: named(p.from, REQUEST_STATES, 'state', w),
        to: named(p.to, REQUEST_STATES, 'state', w),
      }),
  }),
  checklistItemChanged: systemEvent<{ project: string; item: Bilingual; status: string }>({
    title: (p, w) =>
      w.t('pipeline.history.itemChanged', {
        project: project(p, w),
        item: w.name(p.item) ?? w.t('events.system.unknown'),
        status: named(p.status, ITEM_STATUSES, 'itemStatus', w),
      }),
  }),
  committeeVote: systemEvent<{ project: string; member: string; choice: string; resolution: string }>({
    title: (p, w) =>
      w.t('pipeline.history.vote', {
        project: project(p, w),
        member: w.text(p.member) ?? w.t('events.system.unknown'),
        choice: named(p.choice, VOTE_CHOICES, 'vote', w),
      }),
  }),
  committeeDecision: systemEvent<{ project: string; outcome: string; resolution: string }>({
    title: (p, w) =>
      w.t('pipeline.history.decision', {
        project: project(p, w),
        outcome: named(p.outcome, DECISION_OUTCOMES, 'outcome', w),
        resolution: w.text(p.resolution) ?? w.t('events.system.unknown'),
      }),
  }),
  conditionChanged: systemEvent<{ project: string; condition: string; status: string }>({
    title: (p, w) =>
      w.t('pipeline.history.condition', {
        project: project(p, w),
        condition: w.text(p.condition) ?? w.t('events.system.unknown'),
        status: named(p.status, CONDITION_STATUSES, 'conditionStatus', w),
      }),
  }),
};
