/**
 * Two-person approval (approbation à deux, docs/decisions/0067): the kinds of money moves a fund's policy may
 * control, the states of a controlled move, and the one rule saying whether a move waits for a second person.
 * Pure: the server's gate and the screens read it.
 */

/** The moves a fund's policy may control, in the order the policy screen lists them. */
export const CONTROLLED_KINDS = [
  'disbursement',
  'write_off',
  'write_off_undo',
  'disbursement_reversal',
  'repayment_reversal',
  'term_amendment',
  'bulk_amendment',
  'authorized_increase',
] as const;
export type ControlledKind = (typeof CONTROLLED_KINDS)[number];

/** Where a controlled move stands; `not_required` is an entry no policy held. */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const ENTRY_APPROVAL_STATES = ['not_required', ...APPROVAL_STATES] as const;
export type EntryApprovalState = (typeof ENTRY_APPROVAL_STATES)[number];

/** The kinds that pay money out: what `outside_pipeline_always` holds whatever the amount. */
const MONEY_OUT: readonly ControlledKind[] = ['disbursement', 'authorized_increase'];

/** A fund's policy: from which amount (cents) each listed kind waits for a second person. */
export interface ApprovalPolicy {
  rules: readonly { kind: ControlledKind; fromAmountCents: number }[];
  outsidePipelineAlways: boolean;
}

export const NO_POLICY: ApprovalPolicy = { rules: [], outsidePipelineAlways: false };

/**
 * Whether a move of `kind` and `amountCents` waits for a second person under `policy`: its kind is listed and
 * the amount reaches the rule's, or it pays money out on a loan created outside the pipeline and the policy
 * says such money always waits. An authorized increase waits always (it is allowed only when listed).
 */
export function needsApproval(
  policy: ApprovalPolicy,
  move: { kind: ControlledKind; amountCents: number; outsidePipeline: boolean },
): boolean {
  if (move.kind === 'authorized_increase') return true;
  if (policy.outsidePipelineAlways && move.outsidePipeline && MONEY_OUT.includes(move.kind)) return true;
  return policy.rules.some((rule) => rule.kind === move.kind && move.amountCents >= rule.fromAmountCents);
}

/** Whether the policy lets an administrator raise a loan's authorized amount at all. */
export const allowsAuthorizedIncrease = (policy: ApprovalPolicy): boolean =>
  policy.rules.some((rule) => rule.kind === 'authorized_increase');
