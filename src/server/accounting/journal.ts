/**
 * The journal of a period (docs/decisions/0070): each loan's postings (src/shared/accounting/postings.ts, from
 * the engine's figures), the interest accruals and their reversals, turned into entries on each fund's accounts.
 * "New entries only" exports, for each entry, what changed since the exports before: never twice the same money.
 */
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import {
  REQUIRED_ACCOUNT_ROLES,
  type Account,
  type AccountRole,
  type ChartOfAccounts,
} from '../../shared/accounting/accounts';
import { imbalance, loanPostings, type PostingLine } from '../../shared/accounting/postings';
import { addDays } from '../../shared/servicing/calendar';
import type { Executor } from '../db/client';
import { accrualsAround, bookLoans, exportedLines, listFunds, readCharts, type FundRow } from './store';

export interface JournalLine {
  role: AccountRole;
  account: Account | null;
  /** Cents, one of the two 0. */
  debit: number;
  credit: number;
}

export interface JournalEntry {
  /** Stable: what "new entries only" compares (a loan's day, an accrual, its reversal). */
  key: string;
  /** The entry's number in the file. */
  number: string;
  date: string;
  fundId: string;
  fundName: string;
  description: string;
  lines: JournalLine[];
  /** Net per role, as kept with the export. */
  net: Record<string, number>;
}

export interface Unmapped {
  fundId: string;
  fundName: string;
  role: AccountRole;
}

export interface Journal {
  entries: JournalEntry[];
  totals: { debit: number; credit: number };
  unmapped: Unmapped[];
}

export interface JournalQuery {
  from: string;
  to: string;
  fundId: string | null;
  onlyNew: boolean;
}

interface RawEntry {
  key: string;
  date: string;
  fundId: string;
  description: string;
  lines: PostingLine[];
}

const netOf = (lines: readonly PostingLine[]): Record<string, number> => {
  const net: Record<string, number> = {};
  for (const line of lines) net[line.role] = (net[line.role] ?? 0) + line.amount;
  for (const role of Object.keys(net)) if (net[role] === 0) delete net[role];
  return net;
};

/** Lines per role from a net, debits first; roles sharing one account become one line. */
function linesOf(net: Record<string, number>, chart: ChartOfAccounts): JournalLine[] {
  const byAccount = new Map<string, { role: AccountRole; account: Account | null; amount: number }>();
  for (const [role, amount] of Object.entries(net) as [AccountRole, number][]) {
    const account = chart[role] ?? null;
    const key = account ? `#${account.number}` : `@${role}`;
    const line = byAccount.get(key) ?? { role, account, amount: 0 };
    line.amount += amount;
    byAccount.set(key, line);
  }
  return [...byAccount.values()]
    .filter((line) => line.amount !== 0)
    .sort((a, b) => b.amount - a.amount)
    .map((line) => ({
      role: line.role,
      account: line.account,
      debit: line.amount > 0 ? line.amount : 0,
      credit: line.amount < 0 ? -line.amount : 0,
    }));
}

/** The raw entries of the period: every loan's postings, then the accruals and their reversals. */
async function rawEntries(
  db: Executor,
  query: JournalQuery,
  locale: Locale,
): Promise<{ raw: RawEntry[]; loanWords: Map<string, string> }> {
  const raw: RawEntry[] = [];
  const loanWords = new Map<string, string>();
  for await (const batch of bookLoans(db, { fundId: query.fundId, to: query.to })) {
    for (const { loan, companyName, ledger } of batch) {
      const words = `${loan.loanNumber} · ${companyName}`;
      loanWords.set(loan.id, words);
      for (const posting of loanPostings(ledger, query.from, query.to)) {
        raw.push({
          key: `loan:${loan.id}:${posting.date}`,
          date: posting.date,
          fundId: loan.fundId,
          description: `${words} · ${posting.events.map((e) => translate(locale, `accounting.events.${e}`)).join(', ')}`,
          lines: posting.lines,
        });
      }
    }
  }
  for (const accrual of await accrualsAround(db, query)) {
    const lines: PostingLine[] = [
      { role: 'accrued_interest_receivable', amount: accrual.amountCents },
      { role: 'interest_income', amount: -accrual.amountCents },
    ];
    const date = accrual.asOf;
    if (accrual.amountCents === 0) continue;
    if (date >= query.from && date <= query.to) {
      raw.push({
        key: `accrual:${accrual.fundId}:${date}`,
        date,
        fundId: accrual.fundId,
        description: translate(locale, 'accounting.events.accrual', { date }),
        lines,
      });
    }
    const reversal = addDays(date, 1);
    if (reversal >= query.from && reversal <= query.to) {
      raw.push({
        key: `accrual-reversal:${accrual.fundId}:${date}`,
        date: reversal,
        fundId: accrual.fundId,
        description: translate(locale, 'accounting.events.accrualReversal', { date }),
        lines: lines.map((line) => ({ role: line.role, amount: -line.amount })),
      });
    }
  }
  return { raw, loanWords };
}

/**
 * The journal of [from, to] for one fund or all: entries by date, each balanced to the cent, on the funds'
 * accounts, with every role an entry needs and its fund has not mapped. With `onlyNew`, each entry is what it
 * holds beyond what earlier exports carried of it (an entry exported and since changed comes back as the change).
 */
export async function buildJournal(db: Executor, query: JournalQuery, locale: Locale): Promise<Journal> {
  const funds = new Map<string, FundRow>((await listFunds(db)).map((fund) => [fund.id, fund]));
  const charts = await readCharts(db, query.fundId ?? undefined);
  const { raw, loanWords } = await rawEntries(db, query, locale);
  let nets = raw.map((entry) => ({ ...entry, net: netOf(entry.lines) }));
  if (query.onlyNew) {
    const exported = await exportedLines(db, query);
    const present = new Set(nets.map((entry) => entry.key));
    nets = nets.map((entry) => {
      const before = exported.get(entry.key)?.lines ?? {};
      const net: Record<string, number> = { ...entry.net };
      for (const [role, amount] of Object.entries(before)) net[role] = (net[role] ?? 0) - amount;
      for (const role of Object.keys(net)) if (net[role] === 0) delete net[role];
      return { ...entry, net };
    });
    // An entry exported and since gone (its money moved to another day): exported back out.
    for (const [key, before] of exported) {
      if (present.has(key)) continue;
      const [, id, date] = key.split(':') as [string, string, string];
      const net: Record<string, number> = {};
      for (const [role, amount] of Object.entries(before.lines)) if (amount !== 0) net[role] = -amount;
      nets.push({ key, date, fundId: before.fundId, description: loanWords.get(id) ?? key, lines: [], net });
    }
    nets = nets.filter((entry) => Object.keys(entry.net).length > 0);
  }
  nets.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const unmapped = new Map<string, Unmapped>();
  const fundName = (id: string) => funds.get(id)?.name[locale] ?? '';
  const entries: JournalEntry[] = [];
  const totals = { debit: 0, credit: 0 };
  const prefix = query.to.slice(0, 7).replace('-', '');
  for (const entry of nets) {
    const chart = charts.get(entry.fundId) ?? {};
    for (const role of Object.keys(entry.net) as AccountRole[]) {
      if (!chart[role])
        unmapped.set(`${entry.fundId}:${role}`, { fundId: entry.fundId, fundName: fundName(entry.fundId), role });
    }
    const lines = linesOf(entry.net, chart);
    if (imbalance(lines.map((line) => ({ amount: line.debit - line.credit }))) !== 0) {
      throw new Error(`journal entry ${entry.key} does not balance`);
    }
    for (const line of lines) {
      totals.debit += line.debit;
      totals.credit += line.credit;
    }
    entries.push({
      key: entry.key,
      number: `${prefix}-${entries.length + 1}`,
      date: entry.date,
      fundId: entry.fundId,
      fundName: fundName(entry.fundId),
      description: entry.description,
      lines,
      net: entry.net,
    });
  }
  // Every fund the period touches must have its required accounts, even one this period's entries skip.
  for (const fundId of new Set(entries.map((entry) => entry.fundId))) {
    const chart = charts.get(fundId) ?? {};
    for (const role of REQUIRED_ACCOUNT_ROLES) {
      if (!chart[role]) unmapped.set(`${fundId}:${role}`, { fundId, fundName: fundName(fundId), role });
    }
  }
  return { entries, totals, unmapped: [...unmapped.values()] };
}
