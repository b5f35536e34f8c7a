/**
 * The walk behind every servicing figure: one pass over a loan's days in order, where disbursements, then
 * the installment falling due, then repayments, then a write-off happen on each day. The rules it follows,
 * with worked examples, are docs/decisions/0033-loan-servicing-computation.md; `loan.ts` turns its records
 * into the module's answers. Internal: other code reads `./index`.
 *
 * Dates are day numbers (calendar.ts) and money integer cents throughout, so that a portfolio of 150 000
 * loans is computed in seconds.
 */
import { addMonthsToParts, dateParts, dayFromParts, dayNumber, daysInMonth } from './calendar';
import { levelPayment, monthInterest, monthlyRate } from './money';
import type {
  AgingBucket,
  Amendment,
  Disbursement,
  ExcludedBecause,
  InstallmentKind,
  LoanFigures,
  LoanInput,
  Repayment,
  RepaymentKind,
  StatementLine,
} from './types';
import { bucketIndex } from './buckets';

/** An installment as the walk keeps it. */
export interface InstallmentRecord {
  number: number;
  dueDay: number;
  kind: InstallmentKind;
  rate: number;
  opening: number;
  interest: number;
  principal: number;
  capitalised: number;
  closing: number;
  /** The level payment it was computed with (regular installments). */
  levelPayment: number | null;
  paidInterest: number;
  paidPrincipal: number;
  writtenOffInterest: number;
  writtenOffPrincipal: number;
  paidOnDay: number | null;
}

export interface AllocationRecord {
  installments: { number: number; interest: number; principal: number }[];
  prepaidPrincipal: number;
  inAdvance: number;
  recovered: number;
  overpaid: number;
}

export interface RepaymentRecord {
  entry: Repayment;
  day: number;
  appliedAs: RepaymentKind | null;
  excludedBecause: ExcludedBecause | null;
  payoffBefore: number | null;
  allocation: AllocationRecord | null;
}

/** A StatementLine (see each field's meaning there) as the walk writes it: on a day number, with its rank. */
export type StatementRecord = Omit<StatementLine, 'date' | 'counts' | 'allocation'> & {
  day: number;
  /** Order of the line's kind within a day: disbursement, interest, repayment, write-off. */
  rank: number;
  allocation: AllocationRecord | null;
};

export interface BucketRecord {
  day: number;
  bucket: number | null;
  daysPastDue: number;
}

export interface AmendmentRecord {
  entry: Amendment;
  fromInstallment: number | null;
  fromDay: number | null;
}

/**
 * The walk's totals as of the as-of day: LoanFigures (see each one's meaning there), with day numbers where the
 * figures have dates and the bucket's index where they have its key.
 */
export type WalkTotals = Omit<LoanFigures, 'overdueSince' | 'bucket' | 'nextChangeOn'> & {
  overdueSinceDay: number | null;
  bucket: number | null;
  nextChangeDay: number | null;
};

export interface Walk {
  asOfDay: number;
  started: boolean;
  startDay: number | null;
  writtenOff: boolean;
  repaid: boolean;
  installments: InstallmentRecord[];
  totals: WalkTotals;
  /** Only when the walk was asked for its details. */
  repayments: RepaymentRecord[];
  disbursements: { entry: Disbursement; day: number; excludedBecause: ExcludedBecause | null }[];
  amendments: AmendmentRecord[];
  statement: StatementRecord[];
  bucketHistory: BucketRecord[];
}

const NEVER = Number.POSITIVE_INFINITY;

/**
 * The planned kind and rate of each installment, from the terms and amendments. Kept as runs of one kind
 * (a moratorium, then level payments, then what amendments insert) rather than one entry per month.
 */
class Plan {
  private readonly runs: { kind: InstallmentKind; count: number }[];
  private readonly rateChanges: { from: number; rate: number }[] = [];
  /** What each moratorium, holiday or extension added: installments before `from` do not know of it yet. */
  private readonly lengthenings: { from: number; added: number; addedRegular: number }[] = [];
  readonly applied: AmendmentRecord[] = [];
  /** The last planned installment, all amendments applied. */
  private last: number;
  // Where `kind` last looked: installments are asked for in order.
  private cursorRun = 0;
  private cursorStart = 1;

  constructor(
    private readonly baseRate: number,
    moratorium: number,
    amortization: number,
    amendments: readonly Amendment[],
    private readonly due: (n: number) => number,
    private readonly firstOnOrAfter: (day: number) => number,
  ) {
    this.runs = [];
    if (moratorium > 0) this.runs.push({ kind: 'moratorium', count: moratorium });
    this.runs.push({ kind: 'regular', count: amortization });
    this.last = moratorium + amortization;
    for (const amendment of amendments) this.apply(amendment);
  }

  private apply(amendment: Amendment) {
    const from = this.firstOnOrAfter(dayNumber(amendment.effectiveDate));
    this.applied.push({ entry: amendment, fromInstallment: from, fromDay: this.due(from) });
    if (amendment.kind === 'rate_change') {
      this.rateChanges.push({ from, rate: amendment.rate });
      return;
    }
    // Past the plan's end, the months before `from` are level ones (the last of them takes the balance).
    const padding = Math.max(0, from - 1 - this.last);
    if (padding > 0) {
      this.runs.push({ kind: 'regular', count: padding });
      this.last = from - 1;
    }
    const months = amendment.months;
    this.last += months;
    const extension = amendment.kind === 'term_extension';
    this.lengthenings.push({ from, added: padding + months, addedRegular: padding + (extension ? months : 0) });
    if (extension) {
      this.runs.push({ kind: 'regular', count: months });
      return;
    }
    const added = {
      kind: amendment.kind === 'moratorium' ? ('moratorium' as const) : ('holiday' as const),
      count: months,
    };
    // Insert before installment `from`, splitting the run that holds it.
    let start = 1;
    for (let i = 0; i < this.runs.length; i += 1) {
      const run = this.runs[i]!;
      if (from < start + run.count) {
        const before = from - start;
        if (before === 0) this.runs.splice(i, 0, added);
        else
          this.runs.splice(i, 1, { kind: run.kind, count: before }, added, {
            kind: run.kind,
            count: run.count - before,
          });
        return;
      }
      start += run.count;
    }
    this.runs.push(added);
  }

  kind(n: number): InstallmentKind {
    if (n > this.last) return 'regular';
    if (n < this.cursorStart) {
      this.cursorRun = 0;
      this.cursorStart = 1;
    }
    while (n >= this.cursorStart + this.runs[this.cursorRun]!.count) {
      this.cursorStart += this.runs[this.cursorRun]!.count;
      this.cursorRun += 1;
    }
    return this.runs[this.cursorRun]!.kind;
  }

  /**
   * Whether installment n is the last one planned as known when it falls due (amendments effective later
   * do not count yet): it takes the whole remaining balance.
   */
  isLast(n: number): boolean {
    let last = this.last;
    for (const lengthening of this.lengthenings) if (lengthening.from > n) last -= lengthening.added;
    return n >= last;
  }

  /**
   * Level payments left from installment n to the end of the plan as known when n falls due (at least 1:
   * past the plan, one takes all).
   */
  regularLeft(n: number): number {
    let left = 0;
    let start = 1;
    for (const run of this.runs) {
      const end = start + run.count; // first installment after the run
      if (run.kind === 'regular' && end > n) left += end - Math.max(start, n);
      start = end;
    }
    for (const lengthening of this.lengthenings) if (lengthening.from > n) left -= lengthening.addedRegular;
    return Math.max(1, left);
  }

  rate(n: number): number {
    let rate = this.baseRate;
    // In order of effective date, so a later change wins where two overlap.
    for (let i = 0; i < this.rateChanges.length; i += 1)
      if (this.rateChanges[i]!.from <= n) rate = this.rateChanges[i]!.rate;
    return rate;
  }
}

const byDay = <T extends { day: number }>(a: T, b: T) => a.day - b.day;

/** Why a disbursement or repayment does not count as of a day (null: it counts). */
const exclusion = (reversed: boolean, day: number, asOfDay: number): ExcludedBecause | null =>
  reversed ? 'reversed' : day > asOfDay ? 'after_as_of' : null;

function assertCents(value: number, what: string) {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${what} must be a positive number of cents`);
}

function checkAmendment(amendment: Amendment) {
  if (amendment.kind === 'rate_change') {
    if (!(amendment.rate >= 0 && amendment.rate <= 100)) throw new RangeError('an amended rate must be 0–100 %');
  } else if (!Number.isInteger(amendment.months) || amendment.months < 1 || amendment.months > 600) {
    throw new RangeError('an amendment must be 1–600 whole months');
  }
}

type DisbursementRecord = Walk['disbursements'][number];

/**
 * Walks the loan up to the as-of day, then on through the installments still to fall due. `detail` keeps
 * what the screens show (statement, allocations, bucket history); the portfolio's figures do without.
 */
export function walkLoan(input: LoanInput, detail: boolean): Walk {
  return new LoanWalk(input, detail).run();
}

/**
 * The walk's state and its steps. A class rather than closures: a portfolio walks 150 000 loans, and
 * fifteen closures made per loan were a third of the time.
 */
class LoanWalk {
  private readonly asOfDay: number;
  private readonly buckets: readonly AgingBucket[];
  private readonly disbursements: DisbursementRecord[];
  private readonly repayments: RepaymentRecord[];
  private readonly liveDisbursements: DisbursementRecord[];
  private readonly liveRepayments: RepaymentRecord[];
  private readonly liveAmendments: Amendment[];
  private readonly amendments: AmendmentRecord[];
  private readonly installments: InstallmentRecord[] = [];
  private readonly statement: StatementRecord[] = [];
  private readonly bucketHistory: BucketRecord[] = [];
  private readonly totals: WalkTotals = {
    disbursed: 0,
    undisbursed: 0,
    interestFallenDue: 0,
    capitalisedInterest: 0,
    interestPaid: 0,
    principalRepaid: 0,
    outstandingPrincipal: 0,
    arrearsPrincipal: 0,
    arrearsInterest: 0,
    dueTodayPrincipal: 0,
    dueTodayInterest: 0,
    paidInAdvance: 0,
    daysPastDue: 0,
    overdueSinceDay: null,
    bucket: null,
    writtenOffPrincipal: 0,
    writtenOffInterest: 0,
    recovered: 0,
    received: 0,
    applied: 0,
    overpaid: 0,
    payoffAmount: 0,
    levelPayment: null,
    nextChangeDay: null,
  };

  // Set once the first disbursement is known.
  private plan: Plan | null = null;
  private startDay = 0;
  private startYear = 0;
  private startMonth = 0;
  private startDate = 0;
  private cursorNumber = Number.NaN;
  private cursorYear = 0;
  private cursorMonth = 0;
  private cursorFirst = 0;

  /** Scheduled principal balance: not yet asked by an installment, not prepaid. */
  private scheduled = 0;
  /** The balance at the start of the current period, which its interest is computed on. */
  private opening = 0;
  /** Paid in advance. */
  private credit = 0;
  /** The level payment in force. */
  private payment: number | null = null;
  private recomputePending = false;
  /** The last installment's annual rate and its monthly rate, computed once per change. */
  private rate = Number.NaN;
  private monthly = 0;
  /** Installments from which the level payment is computed again. */
  private readonly recomputeAt: number[] = [];
  /** The installment to fall due next, and its due day (NEVER: none until money is paid out again). */
  private next = 1;
  private nextDue = NEVER;
  /** The day the current period started (at the end of that day). */
  private lastBoundary = 0;
  private boundaryToday = false;
  /** Index of the oldest installment not fully paid: all before it are. */
  private oldest = 0;
  /** The statement's running balance. */
  private balance = 0;
  private currentBucket = 0;
  private writtenOff = false;
  private projecting = false;

  constructor(
    private readonly input: LoanInput,
    private readonly detail: boolean,
  ) {
    const asOfDay = (this.asOfDay = dayNumber(input.asOf));
    this.buckets = input.buckets;
    this.disbursements = input.disbursements.map((entry) => {
      assertCents(entry.amount, 'a disbursement');
      const day = dayNumber(entry.date);
      const excludedBecause = exclusion(entry.reversed, day, asOfDay);
      return { entry, day, excludedBecause };
    });
    this.repayments = input.repayments.map((entry) => {
      assertCents(entry.amount, 'a repayment');
      const day = dayNumber(entry.receivedOn);
      const excludedBecause = exclusion(entry.reversed, day, asOfDay);
      return { entry, day, excludedBecause, appliedAs: null, payoffBefore: null, allocation: null };
    });
    input.amendments.forEach(checkAmendment);
    // Stable sorts: entries of one day keep the order they were given in (the order they were recorded).
    this.liveDisbursements = this.disbursements.filter((d) => d.excludedBecause === null).sort(byDay);
    this.liveRepayments = this.repayments.filter((r) => r.excludedBecause === null).sort(byDay);
    this.liveAmendments = input.amendments
      .filter((a) => !a.reversed)
      .map((entry) => ({ entry, day: dayNumber(entry.effectiveDate) }))
      .sort(byDay)
      .map((a) => a.entry);
    this.amendments = input.amendments.map((entry) => ({ entry, fromInstallment: null, fromDay: null }));
  }

  /** Installment n's due day: n months after the first disbursement. */
  private due(n: number): number {
    return addMonthsToParts(this.startYear, this.startMonth, this.startDate, n);
  }

  /**
   * `due(n)` for the installments in order: the first of the month moves on by the month's length, which
   * is a few additions instead of a calendar conversion per installment.
   */
  private dueInOrder(n: number): number {
    if (n !== this.cursorNumber + 1) {
      const whole = this.startYear * 12 + this.startMonth - 1 + n;
      this.cursorYear = Math.floor(whole / 12);
      this.cursorMonth = whole - this.cursorYear * 12 + 1;
      this.cursorFirst = dayFromParts(this.cursorYear, this.cursorMonth, 1);
    } else {
      this.cursorFirst += daysInMonth(this.cursorYear, this.cursorMonth);
      if (this.cursorMonth === 12) {
        this.cursorYear += 1;
        this.cursorMonth = 1;
      } else this.cursorMonth += 1;
    }
    this.cursorNumber = n;
    return this.cursorFirst + Math.min(this.startDate, daysInMonth(this.cursorYear, this.cursorMonth)) - 1;
  }

  /** The first installment due on or after `day` (installment 1 at the earliest). */
  private firstOnOrAfter(day: number): number {
    let n = Math.max(1, Math.floor((day - this.startDay) / 31));
    while (n > 1 && this.due(n - 1) >= day) n -= 1;
    while (this.due(n) < day) n += 1;
    return n;
  }

  private result(): Walk {
    const repaid =
      this.plan !== null &&
      !this.writtenOff &&
      this.totals.outstandingPrincipal === 0 &&
      this.installments.every((record) => unpaid(record) === 0);
    if (!repaid && !this.writtenOff) {
      this.totals.undisbursed = Math.max(0, this.input.terms.amount - this.totals.disbursed);
    }
    return {
      asOfDay: this.asOfDay,
      started: this.plan !== null,
      startDay: this.plan === null ? null : this.startDay,
      writtenOff: this.writtenOff,
      repaid,
      installments: this.installments,
      totals: this.totals,
      repayments: this.repayments,
      disbursements: this.disbursements,
      amendments: this.amendments,
      statement: this.statement,
      bucketHistory: this.bucketHistory,
    };
  }

  run(): Walk {
    const { totals, asOfDay } = this;
    const first = this.liveDisbursements[0];
    if (!first) {
      // Not disbursed: nothing is owed, so money received has nothing to pay (its payoff is 0).
      for (const record of this.liveRepayments) this.receive(record);
      this.closeFigures(null);
      if (this.detail) addExcludedLines(this.statement, this.disbursements, this.repayments, asOfDay);
      return this.result();
    }
    this.start(first);

    const writeOffDay = this.input.writeOff ? dayNumber(this.input.writeOff.date) : null;
    let writeOffPending = writeOffDay !== null && writeOffDay <= asOfDay && writeOffDay >= this.startDay;
    const disbursements = this.liveDisbursements;
    const repayments = this.liveRepayments;
    let di = 0;
    let ri = 0;
    for (;;) {
      let day = this.nextDue;
      if (di < disbursements.length && disbursements[di]!.day < day) day = disbursements[di]!.day;
      if (ri < repayments.length && repayments[ri]!.day < day) day = repayments[ri]!.day;
      if (writeOffPending && writeOffDay! < day) day = writeOffDay!;
      if (day > asOfDay) break;
      this.crossBounds(day);
      while (di < disbursements.length && disbursements[di]!.day === day) {
        const record = disbursements[di]!;
        di += 1;
        if (this.writtenOff) record.excludedBecause = 'after_write_off';
        else this.disburse(record);
      }
      if (this.nextDue === day) this.fallDue(day);
      while (ri < repayments.length && repayments[ri]!.day === day) this.receive(repayments[ri++]!);
      if (writeOffPending && writeOffDay === day) {
        writeOffPending = false;
        this.writeOff(day);
      }
      this.endOfDay(day);
    }
    this.crossBounds(asOfDay + 1);
    this.closeFigures(writeOffDay);

    // The installments still to fall due, as the terms and the money counted so far make them.
    this.projecting = true;
    while (this.nextDue !== NEVER) {
      const day = this.nextDue;
      this.fallDue(day);
      this.endOfDay(day);
    }
    // The payment asked by the next level installment, or the one in force when none is left.
    totals.levelPayment =
      this.installments.find((record) => record.dueDay > asOfDay && record.kind === 'regular')?.levelPayment ??
      this.payment;
    if (this.detail) addExcludedLines(this.statement, this.disbursements, this.repayments, asOfDay);
    return this.result();
  }

  private start(first: DisbursementRecord) {
    this.startDay = first.day;
    [this.startYear, this.startMonth, this.startDate] = dateParts(first.entry.date);
    const { terms } = this.input;
    const plan = (this.plan = new Plan(
      terms.rate,
      terms.moratorium,
      terms.amortization,
      this.liveAmendments,
      (n) => this.due(n),
      (day) => this.firstOnOrAfter(day),
    ));
    for (const record of plan.applied) {
      const target = this.amendments.find((a) => a.entry === record.entry)!;
      target.fromInstallment = record.fromInstallment;
      target.fromDay = record.fromDay;
      this.recomputeAt.push(record.fromInstallment!);
    }
    this.lastBoundary = first.day;
    this.recordBucket(first.day, 0, 0);
  }

  private overdueSince(): number | null {
    return this.oldest < this.installments.length ? this.installments[this.oldest]!.dueDay : null;
  }

  private daysPastDueOn(day: number): number {
    const since = this.overdueSince();
    return since !== null && since < day ? day - since : 0;
  }

  private advanceOldest(day: number) {
    const { installments } = this;
    while (this.oldest < installments.length && unpaid(installments[this.oldest]!) === 0) {
      installments[this.oldest]!.paidOnDay ??= day;
      this.oldest += 1;
    }
  }

  private recordBucket(day: number, bucket: number | null, daysPastDue: number) {
    if (!this.detail) return;
    const history = this.bucketHistory;
    if (history.length > 0 && history[history.length - 1]!.day === day) history.pop();
    history.push({ day, bucket, daysPastDue });
  }

  /** Days crossing a bucket's lower bound between two days with entries move the loan on that exact day. */
  private crossBounds(before: number) {
    const since = this.overdueSince();
    if (this.writtenOff || since === null) return;
    const { buckets } = this;
    while (this.currentBucket + 1 < buckets.length) {
      const bound = buckets[this.currentBucket + 1]!.minDays;
      if (since + bound >= before) break;
      this.currentBucket += 1;
      this.recordBucket(since + bound, this.currentBucket, bound);
    }
  }

  /** The interest the current period will ask, fixed at its start, when `day` falls inside it. */
  private periodInterest(day: number): number {
    if (this.nextDue === NEVER || day === this.lastBoundary || this.opening === 0) return 0;
    return monthInterest(this.opening, monthlyRate(this.plan!.rate(this.next)));
  }

  private unpaidDue(): number {
    let sum = 0;
    for (let i = this.oldest; i < this.installments.length; i += 1) sum += unpaid(this.installments[i]!);
    return sum;
  }

  /** What repays the loan entirely on `day`: see the ADR's "Payoff". */
  private payoffOn(day: number): number {
    return Math.max(0, this.unpaidDue() + this.scheduled + this.periodInterest(day) - this.credit);
  }

  /** What the last `payInstallment` paid of interest and of principal (fields, not a new object per call). */
  private paidInterest = 0;
  private paidPrincipal = 0;

  /** Pays what `available` covers of the installment, interest first; answers how much it took. */
  private payInstallment(record: InstallmentRecord, available: number, day: number): number {
    const interest = Math.min(available, record.interest - record.paidInterest);
    const principal = Math.min(available - interest, record.principal - record.paidPrincipal);
    record.paidInterest += interest;
    record.paidPrincipal += principal;
    if (!this.projecting) {
      this.totals.interestPaid += interest;
      this.totals.principalRepaid += principal;
    }
    if (unpaid(record) === 0) record.paidOnDay ??= day;
    this.paidInterest = interest;
    this.paidPrincipal = principal;
    return interest + principal;
  }

  private disburse(record: DisbursementRecord) {
    const { day } = record;
    const amount = record.entry.amount;
    if (this.nextDue === NEVER) {
      if (this.installments.length === 0 && this.scheduled === 0 && day === this.startDay) {
        this.next = 1;
        this.nextDue = this.dueInOrder(1);
        this.boundaryToday = true;
        this.recomputeAt.push(1);
      } else {
        // Paid out again after the balance reached 0: the calendar goes on from the first disbursement.
        this.next = this.firstOnOrAfter(day);
        this.nextDue = this.dueInOrder(this.next);
        this.recomputeAt.push(this.next + 1);
      }
    } else {
      // Counts from the next period: the one starting at the end of this day if it is a period's first day.
      this.recomputeAt.push(day === this.lastBoundary ? this.next : this.next + 1);
    }
    this.scheduled += amount;
    this.totals.disbursed += amount;
    this.balance += amount;
    if (this.detail) this.statement.push(line(day, 0, 'disbursement', record.entry.id, null, amount, 0, this.balance));
  }

  private fallDue(day: number) {
    const n = this.next;
    const plan = this.plan!;
    this.next += 1;
    this.nextDue = this.dueInOrder(this.next);
    this.lastBoundary = day;
    this.boundaryToday = true;
    if (this.recomputeAt.includes(n)) this.recomputePending = true;
    const opening = this.opening;
    if (opening === 0) return; // nothing was owed during the period
    const rate = plan.rate(n);
    if (rate !== this.rate) {
      this.rate = rate;
      this.monthly = monthlyRate(rate);
    }
    const r = this.monthly;
    const interest = monthInterest(opening, r);
    let kind = plan.kind(n);
    // Once the balance is 0 nothing is left to defer: the last installment asks its period's interest.
    if (this.scheduled === 0 && kind === 'holiday') kind = 'regular';
    let principal = 0;
    let capitalised = 0;
    let asked = interest;
    if (kind === 'holiday') {
      capitalised = interest;
      asked = 0;
      this.scheduled += capitalised;
    } else if (kind === 'regular') {
      if (this.recomputePending && this.scheduled > 0) {
        this.payment = levelPayment(opening, r, plan.regularLeft(n));
        this.recomputePending = false;
      }
      principal = plan.isLast(n)
        ? this.scheduled
        : Math.max(0, Math.min(this.scheduled, (this.payment ?? 0) - interest));
    }
    this.scheduled -= principal;
    const record: InstallmentRecord = {
      number: n,
      dueDay: day,
      kind,
      rate,
      opening,
      interest: asked,
      principal,
      capitalised,
      closing: this.scheduled,
      levelPayment: kind === 'regular' ? this.payment : null,
      paidInterest: 0,
      paidPrincipal: 0,
      writtenOffInterest: 0,
      writtenOffPrincipal: 0,
      // Nothing asked (a holiday, a moratorium at 0 %): paid on its due date whatever came before.
      paidOnDay: asked + principal === 0 ? day : null,
    };
    this.installments.push(record);
    if (!this.projecting) {
      this.totals.interestFallenDue += asked;
      this.totals.capitalisedInterest += capitalised;
      this.balance += asked + capitalised;
      if (this.detail && asked > 0) this.statement.push(line(day, 1, 'interest', null, n, asked, 0, this.balance));
      if (this.detail && capitalised > 0) {
        this.statement.push(line(day, 1, 'capitalised_interest', null, n, capitalised, 0, this.balance));
      }
    }
    if (this.credit > 0) this.credit -= this.payInstallment(record, this.credit, day);
    this.advanceOldest(day);
  }

  private receive(record: RepaymentRecord) {
    const { day, entry } = record;
    const { totals } = this;
    const amount = entry.amount;
    totals.received += amount;
    const allocation = emptyAllocation(0);
    record.allocation = allocation;
    if (this.writtenOff) {
      const left = totals.writtenOffPrincipal + totals.writtenOffInterest - totals.recovered;
      allocation.recovered = Math.min(amount, left);
      allocation.overpaid = amount - allocation.recovered;
      totals.recovered += allocation.recovered;
      totals.overpaid += allocation.overpaid;
      record.appliedAs = 'recovery';
      record.payoffBefore = left;
      if (this.detail)
        this.statement.push(line(day, 2, 'recovery', entry.id, null, 0, amount, this.balance, allocation));
      return;
    }
    const payoff = this.payoffOn(day);
    const applied = Math.min(amount, payoff);
    allocation.overpaid = amount - applied;
    totals.overpaid += allocation.overpaid;
    totals.applied += applied;
    let rest = applied;
    for (let i = this.oldest; i < this.installments.length && rest > 0; i += 1) {
      const installment = this.installments[i]!;
      rest -= this.payInstallment(installment, rest, day);
      if (this.detail) {
        const { paidInterest: interest, paidPrincipal: principal } = this;
        allocation.installments.push({ number: installment.number, interest, principal });
      }
    }
    this.advanceOldest(day);
    // A recovery before any write-off is a regular payment; a payment reaching the payoff closes the loan.
    let appliedAs: RepaymentKind = entry.kind === 'recovery' ? 'regular' : entry.kind;
    if (rest > 0 && applied === payoff) appliedAs = 'prepayment';
    if (appliedAs === 'prepayment') {
      const prepaid = Math.min(rest, this.scheduled);
      this.scheduled -= prepaid;
      rest -= prepaid;
      totals.principalRepaid += prepaid;
      allocation.prepaidPrincipal = prepaid;
    }
    this.credit += rest;
    allocation.inAdvance = rest;
    this.balance -= applied;
    record.appliedAs = appliedAs;
    record.payoffBefore = payoff;
    if (this.detail)
      this.statement.push(line(day, 2, 'repayment', entry.id, null, 0, amount, this.balance, allocation));
  }

  private writeOff(day: number) {
    const { totals } = this;
    // Money held in advance is the borrower's: it pays principal before the rest is written off.
    const held = Math.min(this.credit, this.scheduled);
    this.scheduled -= held;
    this.credit -= held;
    totals.principalRepaid += held;
    let principal = this.scheduled;
    let interest = 0;
    for (let i = this.oldest; i < this.installments.length; i += 1) {
      const record = this.installments[i]!;
      record.writtenOffInterest = record.interest - record.paidInterest;
      record.writtenOffPrincipal = record.principal - record.paidPrincipal;
      interest += record.writtenOffInterest;
      principal += record.writtenOffPrincipal;
    }
    totals.writtenOffPrincipal = principal;
    totals.writtenOffInterest = interest;
    this.scheduled = 0;
    this.opening = 0;
    this.nextDue = NEVER;
    this.writtenOff = true;
    this.balance -= principal + interest;
    if (this.detail) this.statement.push(line(day, 3, 'write_off', null, null, 0, principal + interest, this.balance));
    this.recordBucket(day, null, 0);
  }

  private endOfDay(day: number) {
    if (this.boundaryToday) {
      this.opening = this.scheduled;
      this.boundaryToday = false;
      if (this.scheduled === 0) this.nextDue = NEVER;
    }
    if (this.writtenOff || this.projecting) return;
    const daysPastDue = this.daysPastDueOn(day);
    const bucket = bucketIndex(this.buckets, daysPastDue);
    if (bucket !== this.currentBucket) {
      this.currentBucket = bucket;
      this.recordBucket(day, bucket, daysPastDue);
    }
  }

  /** The figures of the as-of day, before the walk goes on through the installments still to fall due. */
  private closeFigures(writeOffDay: number | null) {
    const { totals, asOfDay, writtenOff } = this;
    if (!writtenOff && this.plan !== null) {
      for (let i = this.oldest; i < this.installments.length; i += 1) {
        const record = this.installments[i]!;
        const interest = record.interest - record.paidInterest;
        const principal = record.principal - record.paidPrincipal;
        if (record.dueDay < asOfDay) {
          totals.arrearsInterest += interest;
          totals.arrearsPrincipal += principal;
        } else {
          totals.dueTodayInterest += interest;
          totals.dueTodayPrincipal += principal;
        }
      }
      totals.outstandingPrincipal = this.scheduled + totals.arrearsPrincipal + totals.dueTodayPrincipal;
      totals.payoffAmount = this.payoffOn(asOfDay);
      totals.overdueSinceDay = this.overdueSince();
      totals.daysPastDue = this.daysPastDueOn(asOfDay);
      totals.bucket = bucketIndex(this.buckets, totals.daysPastDue);
    }
    totals.paidInAdvance = this.credit;
    // On a period's first day the payoff leaves out the period's interest; from the next day it includes it.
    const periodStartsToday = asOfDay === this.lastBoundary && this.nextDue !== NEVER && this.opening > 0;
    totals.nextChangeDay = nextChange(
      asOfDay,
      writtenOff,
      this.nextDue,
      periodStartsToday || totals.dueTodayInterest + totals.dueTodayPrincipal > 0,
      totals.overdueSinceDay,
      totals.bucket,
      this.buckets,
      [this.disbursements, this.repayments],
      writeOffDay,
    );
  }
}

const unpaid = (r: InstallmentRecord) => r.interest + r.principal - r.paidInterest - r.paidPrincipal;

function emptyAllocation(overpaid: number): AllocationRecord {
  return { installments: [], prepaidPrincipal: 0, inAdvance: 0, recovered: 0, overpaid };
}

function line(
  day: number,
  rank: number,
  kind: StatementRecord['kind'],
  entryId: string | null,
  installmentNumber: number | null,
  debit: number,
  credit: number,
  balance: number,
  allocation: AllocationRecord | null = null,
): StatementRecord {
  return {
    day,
    rank,
    kind,
    entryId,
    installmentNumber,
    debit,
    credit,
    balance,
    reversed: false,
    excludedBecause: null,
    allocation,
  };
}

/** Reversed entries, and disbursements after a write-off, take their place in the statement, counting for nothing. */
function addExcludedLines(
  statement: StatementRecord[],
  disbursements: Walk['disbursements'],
  repayments: RepaymentRecord[],
  asOfDay: number,
) {
  const excluded: StatementRecord[] = [];
  for (const d of disbursements) {
    if (d.excludedBecause === null || d.excludedBecause === 'after_as_of' || d.day > asOfDay) continue;
    excluded.push({
      ...line(d.day, 0, 'disbursement', d.entry.id, null, d.entry.amount, 0, 0),
      reversed: d.entry.reversed,
      excludedBecause: d.excludedBecause,
    });
  }
  for (const r of repayments) {
    if (r.excludedBecause === null || r.excludedBecause === 'after_as_of' || r.day > asOfDay) continue;
    excluded.push({
      ...line(r.day, 2, r.entry.kind === 'recovery' ? 'recovery' : 'repayment', r.entry.id, null, 0, r.entry.amount, 0),
      reversed: true,
      excludedBecause: 'reversed',
    });
  }
  if (excluded.length === 0) return;
  excluded.sort((a, b) => a.day - b.day || a.rank - b.rank);
  // Merge: each excluded line goes after the counted lines of its day and kind, at the balance then.
  const merged: StatementRecord[] = [];
  let i = 0;
  for (const record of excluded) {
    while (
      i < statement.length &&
      (statement[i]!.day < record.day || (statement[i]!.day === record.day && statement[i]!.rank <= record.rank))
    ) {
      merged.push(statement[i++]!);
    }
    merged.push({ ...record, balance: merged.length > 0 ? merged[merged.length - 1]!.balance : 0 });
  }
  while (i < statement.length) merged.push(statement[i++]!);
  statement.splice(0, statement.length, ...merged);
}

/** The first day after the as-of day on which a figure changes without a new entry being recorded. */
function nextChange(
  asOfDay: number,
  writtenOff: boolean,
  nextDue: number,
  changesTomorrow: boolean,
  overdueSinceDay: number | null,
  bucket: number | null,
  buckets: readonly AgingBucket[],
  entries: { day: number; excludedBecause: ExcludedBecause | null }[][],
  writeOffDay: number | null,
): number | null {
  let day = NEVER;
  if (!writtenOff) {
    day = Math.min(day, nextDue);
    // An installment due on the as-of day and not fully paid is late the next day.
    if (changesTomorrow) day = Math.min(day, asOfDay + 1);
    if (overdueSinceDay !== null && bucket !== null && bucket + 1 < buckets.length) {
      day = Math.min(day, overdueSinceDay + buckets[bucket + 1]!.minDays);
    }
  }
  // Entries already recorded for a later day change the figures on that day.
  for (const list of entries) {
    for (const entry of list) {
      if (entry.excludedBecause === 'after_as_of' && entry.day < day) day = entry.day;
    }
  }
  if (writeOffDay !== null && writeOffDay > asOfDay && !writtenOff) day = Math.min(day, writeOffDay);
  return day === NEVER ? null : day;
}
