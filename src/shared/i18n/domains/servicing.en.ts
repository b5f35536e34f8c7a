/**
 * Loan servicing: disbursements, repayments, amendments, write-offs, arrears — every message under `servicing.*`, in English. The French is `servicing.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const servicing = {};
