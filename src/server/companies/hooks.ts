/**
 * What newer features do when a company is saved or archived, without the companies feature knowing them
 * (docs/decisions/0060): each registers its hooks once at start-up (app.ts), and the company store runs every
 * registered hook in the save's own transaction. A hook that throws rolls the whole save back, and its error is
 * the answer (the loan-terms guard's 422, say), as if the store had thrown it.
 */
import type { Locale } from '../../shared/constants';
import type { CompanyUpdateInput } from '../../shared/schemas/company';
import type { Executor, Tx } from '../db/client';
import type { CompanyGraph } from './graph';

/** A save of an existing company, seen after its row is locked and before anything of it is written. */
export interface CompanySaving {
  companyId: string;
  /** The graph as stored, locked until the save ends. */
  before: CompanyGraph;
  input: CompanyUpdateInput;
  locale: Locale;
}

/** A loan that still holds money, which archiving the company leaves counted (docs/decisions/0060). */
export interface LiveLoan {
  id: string;
  loanNumber: string;
  /** Outstanding principal, cents. */
  outstandingCents: number;
}

export interface CompanyHooks {
  /** Before an update writes: may refuse it by throwing. */
  beforeUpdate?: (tx: Tx, saving: CompanySaving) => Promise<void>;
  /** Once a company is created or updated, every part written. */
  afterSave?: (tx: Tx, companyId: string) => Promise<void>;
  /** The company's loans still holding money, which archiving it must name first. */
  liveLoans?: (db: Executor, companyId: string) => Promise<LiveLoan[]>;
}

const registered = new Map<string, CompanyHooks>();

/** Registers (or replaces: an app built twice registers twice) the hooks of `feature`. */
export function registerCompanyHooks(feature: string, hooks: CompanyHooks): void {
  registered.set(feature, hooks);
}

/** Runs one kind of hook of every feature, in the order they were registered. */
export async function runCompanyHooks<K extends keyof CompanyHooks>(
  kind: K,
  run: (hook: NonNullable<CompanyHooks[K]>) => Promise<unknown>,
): Promise<void> {
  for (const hooks of registered.values()) {
    const hook = hooks[kind];
    if (hook) await run(hook);
  }
}

/** The live loans every feature knows of, in loan-number order. */
export async function liveLoansOf(db: Executor, companyId: string): Promise<LiveLoan[]> {
  const loans: LiveLoan[] = [];
  await runCompanyHooks('liveLoans', async (hook) => loans.push(...(await hook(db, companyId))));
  return loans.sort((a, b) => a.loanNumber.localeCompare(b.loanNumber));
}
