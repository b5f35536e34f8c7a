/**
 * Funding requests: checklists, investment committees, decisions and their conditions — every message under `pipeline.*`, in English. The French is `pipeline.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const pipeline = {};
