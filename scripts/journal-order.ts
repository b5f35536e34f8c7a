/** The part of drizzle-kit's `meta/_journal.json` that orders migrations. */
export interface Journal {
  entries: { idx: number; when: number; tag: string }[];
  [key: string]: unknown;
}

/** One second: far enough apart to read in a dump, close enough to keep the clock's dates nearby. */
const STEP_MS = 1000;

/**
 * The journal with every entry dated strictly after the one before it (an entry already in order keeps its
 * date, so the dates installed databases recorded never change), and the tags that were moved.
 */
export function orderJournal(journal: Journal): { journal: Journal; moved: string[] } {
  const moved: string[] = [];
  let previous = -Infinity;
  const entries = journal.entries.map((entry) => {
    const when = entry.when > previous ? entry.when : previous + STEP_MS;
    if (when !== entry.when) moved.push(entry.tag);
    previous = when;
    return { ...entry, when };
  });
  return { journal: { ...journal, entries }, moved };
}
