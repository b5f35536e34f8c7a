/**
 * What each feature holds of a company's people, registered with the privacy feature (docs/decisions/0075), like
 * the company hooks (ADR 0060): the privacy feature never imports the features it destroys or exports from.
 * Each feature registers once at start-up (app.ts); registering twice (an app built twice) replaces.
 *
 * - `blockers`: why a company's file may not be destroyed yet (a loan active, a request open, a guarantee
 *   registered) — read before and again inside the destruction's transaction, after the company is locked.
 * - `erase`: removes or anonymizes the feature's personal information of a company, inside the destruction's one
 *   transaction; answers what it removed (counts by category) and the storage keys to delete once committed.
 * - `people`: the persons the feature holds (owners, contacts, guarantors), for the search and the export.
 */
import type { CatalogKey } from '../../shared/i18n/keys';
import type { Executor, Tx } from '../db/client';

/** Why a file cannot be destroyed: a stable code and its message (a catalog key and its values). */
export interface Blocker {
  code: string;
  key: CatalogKey;
  params?: Record<string, string | number>;
}

export interface Erased {
  /** What was removed, by category (`owners`, `documents`, `events`…): counts only, never contents. */
  counts: Record<string, number>;
  /** Document categories (their names) of the removed documents, for the log. */
  categories?: string[];
  /** Storage keys of files no record names any more: deleted after the commit (the orphan sweep otherwise). */
  files?: string[];
}

/** One person found: who, in which company's file. */
export interface PersonFound {
  id: string;
  name: string;
  companyId: string | null;
  companyName: string | null;
  detail: string | null;
}

/** Everything the feature holds on one person: their fields (column → value) and their company. */
export interface PersonRecord {
  name: string;
  companyId: string | null;
  fields: Record<string, string | number | boolean | null>;
}

export interface PeopleSource {
  /** Accent- and case-insensitive: every word of `query` in the person's name. */
  search(db: Executor, query: string, limit: number): Promise<PersonFound[]>;
  find(db: Executor, id: string): Promise<PersonRecord | undefined>;
}

export interface PrivacyParticipant {
  blockers?: (db: Executor, companyId: string) => Promise<Blocker[]>;
  erase?: (tx: Tx, companyId: string) => Promise<Erased>;
  /** By the person's kind on the wire (`owner`, `contact`, `guarantor`). */
  people?: Record<string, PeopleSource>;
}

const registered = new Map<string, PrivacyParticipant>();

export function registerPrivacyParticipant(feature: string, participant: PrivacyParticipant): void {
  registered.set(feature, participant);
}

export function participants(): PrivacyParticipant[] {
  return [...registered.values()];
}

/** Every reason any feature gives against destroying the company's file. */
export async function blockersOf(db: Executor, companyId: string): Promise<Blocker[]> {
  const found: Blocker[] = [];
  for (const participant of participants())
    if (participant.blockers) found.push(...(await participant.blockers(db, companyId)));
  return found;
}

/** The people sources of every feature, by kind. */
export function peopleSources(): Map<string, PeopleSource> {
  const sources = new Map<string, PeopleSource>();
  for (const participant of participants())
    for (const [kind, source] of Object.entries(participant.people ?? {})) sources.set(kind, source);
  return sources;
}
