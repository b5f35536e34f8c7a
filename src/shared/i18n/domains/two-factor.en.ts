/**
 * Two-factor sign-in: enrolment on the account page, the code asked after the password — every message under `twoFactor.*`, in English. The French is `two-factor.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const twoFactor = {};
