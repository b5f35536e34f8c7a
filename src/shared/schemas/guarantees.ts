import { z } from 'zod';
import { GUARANTEE_KINDS, GUARANTEE_REGISTRIES, GUARANTEE_STATES } from '../guarantees/types';
import { lockVersion, multilineText, requiredText, wrongValue } from './common';
import { CV, MONEY_MAX, nullableDate, optionalId, optionalNumber, optionalText, requiredDate } from './company-fields';

/*
 * What the guarantees forms send and the guarantees routes take (docs/decisions/0072). Amounts are dollars as
 * typed (`1 234,56`), shares percent with two decimals, days YYYY-MM-DD. What depends on several fields or on the
 * loan (an amount above 0, a share within 0–100 %, dates in order, a registered guarantee's number, a personal
 * guarantee's guarantor) is checked by src/shared/guarantees/rules.ts, on the server and in the form.
 */

export const GUARANTEE_LIMITS = {
  name: 200,
  address: 500,
  property: 2000,
  registrationNumber: 50,
  reason: 500,
  note: 1000,
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: wrongValue });

const guaranteeFields = {
  guarantorOwnerId: optionalId(),
  guarantorName: optionalText(GUARANTEE_LIMITS.name),
  guarantorAddress: multilineText(GUARANTEE_LIMITS.address)
    .nullish()
    .transform((value) => value || null),
  amount: optionalNumber({ message: CV.money, money: true, max: MONEY_MAX }),
  sharePercent: optionalNumber({ message: CV.number, decimals: 2 }),
  rank: optionalNumber({ message: CV.number, integer: true, min: 1, max: 99 }),
  property: multilineText(GUARANTEE_LIMITS.property)
    .nullish()
    .transform((value) => value || null),
  registry: choice(GUARANTEE_REGISTRIES),
  registrationNumber: optionalText(GUARANTEE_LIMITS.registrationNumber),
  signedOn: nullableDate(),
  registeredOn: nullableDate(),
  /** Absent or blank with a registration date: ten years after it (`defaultExpiry`). */
  expiresOn: nullableDate(),
  deedDocumentId: optionalId(),
  state: choice(GUARANTEE_STATES),
  toComplete: z.boolean({ error: wrongValue }),
};

/** `POST …/guarantees`: a kind, and whatever is known yet. A new guarantee is a draft unless it says otherwise. */
export const guaranteeInputSchema = z.object({
  kind: choice(GUARANTEE_KINDS),
  ...guaranteeFields,
  registry: guaranteeFields.registry.default('none'),
  state: guaranteeFields.state.default('draft'),
  toComplete: guaranteeFields.toComplete.default(false),
});
export type GuaranteeInput = z.output<typeof guaranteeInputSchema>;
export type GuaranteeFormValues = z.input<typeof guaranteeInputSchema>;

/** `PATCH …/guarantees/{id}`: the fields sent change, the others stay; `lock_version` as read (409 when stale). */
export const guaranteePatchSchema = z
  .object({ kind: choice(GUARANTEE_KINDS), ...guaranteeFields })
  .partial()
  .extend({ lockVersion: lockVersion() });
export type GuaranteePatch = z.output<typeof guaranteePatchSchema>;

/** `POST …/guarantees/{id}/release`: the mainlevée's date and reason. */
export const guaranteeReleaseSchema = z.object({
  releasedOn: requiredDate(),
  reason: requiredText(GUARANTEE_LIMITS.reason),
});
export type GuaranteeRelease = z.output<typeof guaranteeReleaseSchema>;

/** `POST …/guarantees/{id}/asset_sold`: the day a secured asset was sold, and a note. */
export const guaranteeAssetSoldSchema = z.object({
  soldOn: requiredDate(),
  note: multilineText(GUARANTEE_LIMITS.note)
    .nullish()
    .transform((value) => value || null),
});
export type GuaranteeAssetSold = z.output<typeof guaranteeAssetSoldSchema>;
