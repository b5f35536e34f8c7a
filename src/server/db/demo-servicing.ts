/**
 * Servicing histories for the demo dataset (docs/decisions/0036): money paid out and received on the demo loans, as a fund
 * sees it over a few years — most loans paid on time, some a little late, some stopped paying weeks, months or
 * more than a year ago (every aging bucket has loans), partial payers, prepayments, catch-ups, bounced payments
 * reversed and paid again, write-offs with a later recovery, an amendment here and there, and one fund's blanket
 * deferral. Each loan's entries are generated from its schedule as the shared computation gives it (so no payment
 * is beyond what the loan asks), then written with one statement per table and batch; `loan_states` is filled
 * afterwards by the app's own refresh (servicing/store.ts), batch by batch.
 *
 * Choices are pseudo-random but deterministic: each loan's generator is seeded by its company and position.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { selectRows } from './rows';
import {
  DEFAULT_BUCKETS,
  addDays,
  addMonths,
  computeLoan,
  computeLoanFigures,
  daysBetween,
  loanTerms,
  type Amendment,
  type Disbursement,
  type ContributionTerms,
  type Installment,
  type LoanInput,
  type LoanTerms,
  type Repayment,
} from '../../shared/servicing';
import type { RepaymentMethod } from '../../shared/schemas/servicing';

/** A demo loan as the seed wrote it. */
interface DemoLoan extends ContributionTerms {
  id: string;
  /** The company's number in the demo set, and the loan's position in it (1, 2, 3). */
  g: number;
  k: number;
  fundKey: string;
  authorId: string | null;
}

interface NewDisbursement {
  contribution_id: string;
  date: string;
  amount_cents: number;
  method: string;
  reference: string;
  author_id: string | null;
}
interface NewRepayment {
  contribution_id: string;
  received_on: string;
  amount_cents: number;
  method: RepaymentMethod;
  kind: Repayment['kind'];
  reference: string | null;
  author_id: string | null;
  reversed: boolean;
}
interface NewAmendment {
  contribution_id: string;
  effective_date: string;
  kind: Amendment['kind'];
  months: number | null;
  rate: number | null;
  reason: string;
  bulk: boolean;
  author_id: string | null;
}
interface NewWriteOff {
  contribution_id: string;
  date: string;
  principal_cents: number;
  interest_cents: number;
  author_id: string | null;
}

/** The fund whose loans all got a three-month payment holiday, in one action (as funds did in 2020). */
export const DEFERRED_FUND_KEY = 'fls';
/** The company whose oldest loan has the long payment history the bench's schedule case reads. */
export const LONG_HISTORY_COMPANY = 59;
export const LONG_HISTORY_REPAYMENTS = 60;

const REVERSAL_REASON = 'Paiement refusé par l’institution financière (provision insuffisante).';
const WRITE_OFF_REASON = 'Entreprise fermée; recouvrement confié au contentieux.';
const AMENDMENT_REASONS: Record<Amendment['kind'], string> = {
  moratorium: 'Baisse saisonnière des ventes : moratoire de capital accordé par le comité.',
  term_extension: 'Prolongation du terme approuvée par le comité d’investissement.',
  rate_change: 'Révision du taux à la demande du promoteur, approuvée par résolution.',
  payment_holiday: 'Report de paiements accordé au promoteur.',
};
export const BLANKET_DEFERRAL_REASON =
  'Report général de trois mois accordé à tous les prêts du fonds (résolution du conseil).';

/** mulberry32: a small deterministic generator, seeded by a string's FNV-1a hash. */
function generator(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const earlier = (a: string, b: string) => (a < b ? a : b);

/** What a loan of the demo set went through: how its borrower pays, and what happened to it. */
type Behaviour =
  | { kind: 'onTime' }
  | { kind: 'late'; days: [number, number] }
  /** `range`: the index in STOPPED_RANGES asked (the latest reachable when it is not), or any. */
  | { kind: 'stopped'; range?: number }
  | { kind: 'partial'; share: number }
  | { kind: 'prepaid'; share: number }
  | { kind: 'catchUp' }
  | { kind: 'writtenOff'; recovery: boolean }
  | { kind: 'bounced' }
  | { kind: 'split' };

function behaviourOf(random: () => number): Behaviour {
  const r = random();
  if (r < 0.46) return { kind: 'onTime' };
  if (r < 0.58) return { kind: 'late', days: [3, 25] };
  // Stopped paying: how long ago is chosen with the loan's installments (see 'stopped' below).
  if (r < 0.74) return { kind: 'stopped' };
  if (r < 0.78) return { kind: 'partial', share: 0.5 + random() * 0.4 };
  if (r < 0.82) return { kind: 'prepaid', share: 0.1 + random() * 0.2 };
  if (r < 0.86) return { kind: 'catchUp' };
  if (r < 0.9) return { kind: 'writtenOff', recovery: random() < 0.6 };
  return { kind: 'bounced' };
}

/**
 * The oldest loan of one company in eight stopped paying, each in turn in another range: even a small demo set
 * has loans in every aging bucket (the random ones reach the late buckets rarely).
 */
function designatedLate(loan: DemoLoan): Behaviour | null {
  if (loan.k !== 3 || Math.floor(loan.g / 4) % 2 !== 0) return null;
  return { kind: 'stopped', range: Math.floor(loan.g / 8) % STOPPED_RANGES.length };
}

/** Days past due of a loan that stopped paying: one range per aging bucket past 30 days. */
const STOPPED_RANGES: readonly (readonly [number, number])[] = [
  [31, 60],
  [61, 90],
  [91, 180],
  [181, 365],
  [366, 700],
];

const METHODS: RepaymentMethod[] = ['pad', 'pad', 'pad', 'pad', 'pad', 'cheque', 'eft', 'eft'];
/** The share of borrowers paying by pre-authorized debit whose debits come every two weeks (`historyOf`). */
const BIWEEKLY_SHARE_OF_PAD = 0.55;

/** Everything the seed records on one loan. */
interface LoanHistory {
  disbursements: NewDisbursement[];
  repayments: NewRepayment[];
  amendments: NewAmendment[];
  writeOffs: NewWriteOff[];
}

interface Context {
  today: string;
  /** The blanket deferral's effective day: the first of the month, eleven months ago. */
  deferral: string;
}

/** The installments of a loan with these entries, as of `asOf` (projected after it). */
function installmentsOf(
  terms: LoanTerms,
  disbursements: readonly Disbursement[],
  amendments: readonly Amendment[],
  repayments: readonly Repayment[],
  asOf: string,
): Installment[] {
  const input: LoanInput = {
    terms,
    disbursements,
    amendments,
    repayments,
    writeOff: null,
    buckets: DEFAULT_BUCKETS,
    asOf,
  };
  return computeLoan(input).installments;
}

/** The history of one loan, or none when its terms make no schedule. */
function historyOf(loan: DemoLoan, ctx: Context): LoanHistory | null {
  const checked = loanTerms(loan);
  if (!checked.ok) return null;
  const terms = checked.terms;
  const random = generator(`atrium-demo-servicing-${loan.g}-${loan.k}`);
  const history: LoanHistory = { disbursements: [], repayments: [], amendments: [], writeOffs: [] };
  const author = loan.authorId;
  const { today } = ctx;

  // Money out: most loans paid out within a month of their authorization; some of the newest not yet; one in
  // eight in two parts, the second a few months later (not yet paid when that is still to come).
  if (loan.k === 1 && random() < 0.25) return history;
  const first = earlier(addDays(terms.authorizationDate, between(random, 3, 30)), today);
  const twoParts = random() < 0.12;
  const firstAmount = twoParts ? Math.round(terms.amount * 0.6) : terms.amount;
  const disbursements: Disbursement[] = [{ id: 'd1', date: first, amount: firstAmount, reversed: false }];
  if (twoParts) {
    const second = addDays(first, between(random, 60, 150));
    if (second <= today)
      disbursements.push({ id: 'd2', date: second, amount: terms.amount - firstAmount, reversed: false });
  }
  for (const d of disbursements) {
    history.disbursements.push({
      contribution_id: loan.id,
      date: d.date,
      amount_cents: d.amount,
      method: random() < 0.8 ? 'eft' : 'cheque',
      reference: `VIR-${d.date.replaceAll('-', '')}-${loan.g}`,
      author_id: author,
    });
  }

  // Amendments: one loan in a hundred has one; every loan of the deferred fund paid out before the deferral, the
  // blanket one.
  const amendments: Amendment[] = [];
  if (random() < 0.01) {
    const kinds = ['term_extension', 'rate_change', 'moratorium'] as const;
    const kind = kinds[between(random, 0, 2)]!;
    const effectiveDate = earlier(addMonths(first, between(random, 3, 18)), today);
    const amendment: Amendment =
      kind === 'rate_change'
        ? { id: 'a1', effectiveDate, kind, rate: Math.max(0, terms.rate - 1), reversed: false }
        : { id: 'a1', effectiveDate, kind, months: kind === 'moratorium' ? 3 : 6, reversed: false };
    amendments.push(amendment);
  }
  if (loan.fundKey === DEFERRED_FUND_KEY && first < ctx.deferral) {
    amendments.push({ id: 'a2', effectiveDate: ctx.deferral, kind: 'payment_holiday', months: 3, reversed: false });
  }
  amendments.sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : 1));
  for (const a of amendments) {
    history.amendments.push({
      contribution_id: loan.id,
      effective_date: a.effectiveDate,
      kind: a.kind,
      months: a.kind === 'rate_change' ? null : a.months,
      rate: a.kind === 'rate_change' ? a.rate : null,
      reason: a.id === 'a2' ? BLANKET_DEFERRAL_REASON : AMENDMENT_REASONS[a.kind],
      bulk: a.id === 'a2',
      author_id: author,
    });
  }

  // Money in, from the schedule: what each installment asks, on or around its due date.
  const behaviour: Behaviour =
    loan.g === LONG_HISTORY_COMPANY && loan.k === 3 ? { kind: 'split' } : (designatedLate(loan) ?? behaviourOf(random));
  const method = METHODS[between(random, 0, METHODS.length - 1)]!;
  // One borrower in three pays by pre-authorized debit every two weeks, with their pay: half of each installment two
  // weeks ahead, the rest on the day (held in advance until it falls due). The seeded histories of about a dozen
  // repayments per active loan come from them and from the loans' ages (demo-seed.ts).
  const biweekly = behaviour.kind !== 'split' && method === 'pad' && random() < BIWEEKLY_SHARE_OF_PAD;
  const repayments: Repayment[] = [];
  const pay = (day: string, amount: number, kind: Repayment['kind'] = 'regular', reversed = false) => {
    if (amount <= 0 || day > today) return;
    repayments.push({ id: `r${repayments.length}`, receivedOn: day, amount, kind, reversed });
    history.repayments.push({
      contribution_id: loan.id,
      received_on: day,
      amount_cents: amount,
      method: kind === 'recovery' ? 'cheque' : method,
      kind,
      reference:
        kind === 'recovery' || method === 'cheque'
          ? `CHQ-${between(random, 1000, 99_999)}`
          : `${method === 'eft' ? 'TEF' : 'DPA'}-${day.replaceAll('-', '')}`,
      author_id: author,
      reversed,
    });
  };
  const schedule = installmentsOf(terms, disbursements, amendments, [], today);
  // Installments asking something (not those of a payment holiday), due by today.
  const due = schedule.filter((installment) => installment.dueDate <= today && installment.payment > 0);
  // An installment paid by a regular payment on `day` (never before the loan was paid out).
  const payInstallment = (installment: Installment, day: string) => {
    const paidOn = day < first ? installment.dueDate : day;
    const ahead = addDays(paidOn, -14);
    if (!biweekly || ahead < first) return pay(paidOn, installment.payment);
    const half = Math.floor(installment.payment / 2);
    pay(ahead, half);
    pay(paidOn, installment.payment - half);
  };

  switch (behaviour.kind) {
    case 'onTime':
    case 'bounced': {
      const bounced = behaviour.kind === 'bounced' && due.length > 1 ? between(random, 0, due.length - 2) : -1;
      for (const [index, installment] of due.entries()) {
        const day = addDays(installment.dueDate, -between(random, 0, 4));
        if (index === bounced) {
          // Refused by the bank: reversed, then paid again a week later.
          pay(day, installment.payment, 'regular', true);
          payInstallment(installment, addDays(installment.dueDate, between(random, 5, 10)));
        } else payInstallment(installment, day);
      }
      break;
    }
    case 'split': {
      // Paid in parts through each month (held in advance until the installment falls due), as many parts as
      // make the bench's long history.
      const base = Math.floor(LONG_HISTORY_REPAYMENTS / Math.max(due.length, 1));
      const extra = LONG_HISTORY_REPAYMENTS - base * due.length;
      for (const [index, installment] of due.entries()) {
        const parts = Math.max(1, base + (index < extra ? 1 : 0));
        let left = installment.payment;
        for (let part = 0; part < parts; part += 1) {
          const amount = part === parts - 1 ? left : Math.floor(installment.payment / parts);
          left -= amount;
          payInstallment({ ...installment, payment: amount }, addDays(installment.dueDate, -9 * (parts - 1 - part)));
        }
      }
      break;
    }
    case 'late':
      for (const installment of due)
        payInstallment(installment, addDays(installment.dueDate, between(random, ...behaviour.days)));
      break;
    case 'stopped': {
      // Every aging bucket gets loans: the latest range this loan's oldest installment reaches one time in two,
      // since few loans reach the late ones (a young loan or a long moratorium cannot be a year late), else any.
      const oldest = due.length > 0 ? daysBetween(due[0]!.dueDate, today) : 0;
      const reachable = STOPPED_RANGES.filter(([least]) => least <= oldest);
      if (reachable.length === 0) break;
      const index =
        behaviour.range !== undefined
          ? Math.min(behaviour.range, reachable.length - 1)
          : random() < 0.5
            ? reachable.length - 1
            : between(random, 0, reachable.length - 1);
      const [least, most] = reachable[index]!;
      // Paid until the first installment due at most `latest` days ago, which is the oldest unpaid: months are at
      // most 31 days apart, so its days past due lie in (latest − 31, latest], within the range asked.

      const latest = between(random, Math.min(least + 31, most), most);
      for (const installment of due) {
        if (daysBetween(installment.dueDate, today) > latest) payInstallment(installment, installment.dueDate);
      }
      break;
    }
    case 'partial':
      for (const installment of due) pay(installment.dueDate, Math.round(installment.payment * behaviour.share));
      break;
    case 'catchUp': {
      // Three installments missed, then all of them paid at once with the fourth.
      const gap = due.length > 6 ? between(random, 1, due.length - 5) : -1;
      for (const [index, installment] of due.entries()) {
        if (index >= gap && index < gap + 3) continue;
        if (index === gap + 3) {
          const owed = due.slice(gap, gap + 4).reduce((sum, i) => sum + i.payment, 0);
          pay(addDays(installment.dueDate, between(random, 0, 10)), owed);
        } else payInstallment(installment, installment.dueDate);
      }
      break;
    }
    case 'prepaid': {
      // On time, and once a lump sum that lowers the balance: the installments after it are computed again.
      if (due.length < 3) {
        for (const installment of due) payInstallment(installment, installment.dueDate);
        break;
      }
      const at = between(random, 1, due.length - 2);
      for (const installment of due.slice(0, at + 1)) payInstallment(installment, installment.dueDate);
      const prepaidOn = due[at]!.dueDate;
      pay(addDays(prepaidOn, 1), Math.round(due[at]!.closingBalance * behaviour.share), 'prepayment');
      const after = installmentsOf(terms, disbursements, amendments, repayments, today);
      for (const installment of after) {
        if (installment.dueDate > prepaidOn && installment.dueDate <= today) {
          payInstallment(installment, installment.dueDate);
        }
      }
      break;
    }
    case 'writtenOff': {
      // Stopped paying; written off three to six months later; sometimes something recovered afterwards.
      const stop = due.length > 4 ? between(random, 1, due.length - 4) : -1;
      if (stop < 0) {
        for (const installment of due) payInstallment(installment, installment.dueDate);
        break;
      }
      for (const installment of due.slice(0, stop)) payInstallment(installment, installment.dueDate);
      const date = addMonths(due[stop]!.dueDate, between(random, 3, 6));
      if (date >= today) break;
      const { figures } = computeLoanFigures({
        terms,
        disbursements,
        amendments,
        repayments,
        writeOff: { date },
        buckets: DEFAULT_BUCKETS,
        asOf: date,
      });
      history.writeOffs.push({
        contribution_id: loan.id,
        date,
        principal_cents: figures.writtenOffPrincipal,
        interest_cents: figures.writtenOffInterest,
        author_id: author,
      });
      if (behaviour.recovery) {
        const share = 0.05 + random() * 0.25;
        pay(addDays(date, between(random, 20, 90)), Math.round(figures.writtenOffPrincipal * share), 'recovery');
      }
      break;
    }
  }
  return history;
}

/** The loans of the demo companies g in [from, to], with what their history is generated from. */
function demoLoans(tx: Tx, from: number, to: number): Promise<DemoLoan[]> {
  return selectRows<DemoLoan>(
    tx,
    sql`SELECT f.id, g.g, (row_number() OVER (PARTITION BY f.company_id ORDER BY f.seq))::int AS k, fu.key AS "fundKey",
               c.overseeing_user_id AS "authorId", f.amount::float8 AS amount, f.rate::float8 AS rate, f.amortization,
               f.moratorium, f.authorization_date::text AS "authorizationDate"
          FROM generate_series(${from}::int, ${to}::int) AS g(g)
          JOIN financial_contributions f ON f.company_id = md5('atrium-demo-company-' || g.g)::uuid
          JOIN companies c ON c.id = f.company_id
          JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
         ORDER BY g.g, f.seq`,
  );
}

const json = (rows: readonly object[]) => JSON.stringify(rows);
/** When an entry was recorded: the afternoon of its day, as staff would have entered it. */
const recordedAt = (column: string) =>
  sql.raw(`(r.${column}::timestamp + interval '14 hours') AT TIME ZONE 'America/Toronto'`);

export interface ServicingCounts {
  loans: number;
  disbursements: number;
  repayments: number;
  amendments: number;
  writeOffs: number;
}

/**
 * Writes the servicing histories of the demo companies g in [from, to], in the caller's transaction: one
 * statement per table, the rows as one JSON parameter. The loans' figures are left stale for the refresh.
 */
export async function seedServicingBatch(
  tx: Tx,
  from: number,
  to: number,
  ctx: Context & { deferralId: string | null },
): Promise<ServicingCounts> {
  const loans = await demoLoans(tx, from, to);
  const all: LoanHistory = { disbursements: [], repayments: [], amendments: [], writeOffs: [] };
  for (const loan of loans) {
    const history = historyOf(loan, ctx);
    if (!history) continue;
    all.disbursements.push(...history.disbursements);
    all.repayments.push(...history.repayments);
    all.amendments.push(...history.amendments);
    all.writeOffs.push(...history.writeOffs);
  }
  if (all.disbursements.length > 0) {
    await tx.execute(
      sql`INSERT INTO disbursements (contribution_id, date, amount_cents, method, reference, author_id, inserted_at)
          SELECT r.contribution_id, r.date, r.amount_cents, r.method, r.reference, r.author_id, ${recordedAt('date')}
            FROM jsonb_to_recordset(${json(all.disbursements)}::jsonb)
              AS r(contribution_id uuid, date date, amount_cents bigint, method text, reference text, author_id uuid)`,
    );
  }
  if (all.amendments.length > 0) {
    await tx.execute(
      sql`INSERT INTO term_amendments (contribution_id, effective_date, kind, months, rate, reason, bulk_action_id,
                                       author_id, inserted_at)
          SELECT r.contribution_id, r.effective_date, r.kind, r.months, r.rate, r.reason,
                 CASE WHEN r.bulk THEN ${ctx.deferralId}::uuid END, r.author_id,
                 least(now(), ${recordedAt('effective_date')} - interval '10 days')
            FROM jsonb_to_recordset(${json(all.amendments)}::jsonb)
              AS r(contribution_id uuid, effective_date date, kind text, months int, rate numeric, reason text,
                   bulk boolean, author_id uuid)`,
    );
  }
  if (all.repayments.length > 0) {
    await tx.execute(
      sql`INSERT INTO repayments (contribution_id, received_on, amount_cents, method, kind, reference, author_id,
                                  inserted_at, reversed_at, reversed_by_id, reversal_reason)
          SELECT r.contribution_id, r.received_on, r.amount_cents, r.method, r.kind, r.reference, r.author_id,
                 ${recordedAt('received_on')},
                 CASE WHEN r.reversed THEN ${recordedAt('received_on')} + interval '3 days' END,
                 CASE WHEN r.reversed THEN r.author_id END,
                 CASE WHEN r.reversed THEN ${REVERSAL_REASON} END
            FROM jsonb_to_recordset(${json(all.repayments)}::jsonb)
              AS r(contribution_id uuid, received_on date, amount_cents bigint, method text, kind text,
                   reference text, author_id uuid, reversed boolean)`,
    );
  }
  if (all.writeOffs.length > 0) {
    await tx.execute(
      sql`INSERT INTO write_offs (contribution_id, date, principal_cents, interest_cents, reason, author_id, inserted_at)
          SELECT r.contribution_id, r.date, r.principal_cents, r.interest_cents, ${WRITE_OFF_REASON}, r.author_id,
                 ${recordedAt('date')}
            FROM jsonb_to_recordset(${json(all.writeOffs)}::jsonb)
              AS r(contribution_id uuid, date date, principal_cents bigint, interest_cents bigint, author_id uuid)`,
    );
  }
  return {
    loans: loans.length,
    disbursements: all.disbursements.length,
    repayments: all.repayments.length,
    amendments: all.amendments.length,
    writeOffs: all.writeOffs.length,
  };
}

/**
 * The blanket deferral's one action, before the batches that give each loan of the fund its amendment; its count
 * of loans is set once they are written (`finishBlanketDeferral`).
 */
export async function startBlanketDeferral(db: Db, ctx: Context, authorId: string): Promise<string | null> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO bulk_term_amendments (fund_id, effective_date, kind, months, reason, loans_count, author_id, inserted_at)
        SELECT id, ${ctx.deferral}::date, 'payment_holiday', 3, ${BLANKET_DEFERRAL_REASON}, 0, ${authorId},
               ${ctx.deferral}::timestamp - interval '20 days'
          FROM contribution_funds WHERE key = ${DEFERRED_FUND_KEY}
        RETURNING id`,
  );
  return row?.id ?? null;
}

export async function finishBlanketDeferral(db: Db, id: string | null): Promise<void> {
  if (!id) return;
  await db.execute(
    sql`UPDATE bulk_term_amendments b SET loans_count = (SELECT count(*) FROM term_amendments m WHERE m.bulk_action_id = b.id)
         WHERE b.id = ${id}`,
  );
}

/** The days the histories are generated around. */
export function servicingContext(today: string): Context {
  return { today, deferral: `${addMonths(today, -11).slice(0, 8)}01` };
}
