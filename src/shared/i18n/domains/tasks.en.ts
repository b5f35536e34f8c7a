/**
 * Tasks and reminders: digests, the calendar feed, fund reports — every message under `tasks.*`, in English. The French is `tasks.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const tasks = {};
