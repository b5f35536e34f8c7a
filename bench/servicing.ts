/**
 * What one loan's servicing costs (docs/decisions/0033-loan-servicing-computation.md): a loan of 120
 * installments with 60 repayments (late, early, partial, one reversed) and an amendment, computed with
 * everything the screens show (`computeLoan`) and with the figures only (`computeLoanFigures`), then the
 * portfolio's case: 150 000 loans of ~12 repayments each, figures only.
 *   node --import tsx bench/servicing.ts [iterations=2000]
 * CPU time of this process (user + system), so other work on the machine weighs less on the numbers.
 */
import {
  DEFAULT_BUCKETS,
  addDays,
  addMonths,
  computeLoan,
  computeLoanFigures,
  type LoanInput,
  type Repayment,
} from '../src/shared/servicing';

const iterations = Number(process.argv[2] ?? 2000);

function loan(installments: number, repayments: number, seed: number): LoanInput {
  const start = addDays('2020-01-15', seed % 400);
  const payment = 120_000; // about the level payment of 10 000 000 cents at 7,25 % over 120 months
  const list: Repayment[] = [];
  for (let i = 1; i <= repayments; i += 1) {
    const month = Math.round((i * installments) / repayments);
    // Every seventh payment late by 20 days, every fifth early by 4, every ninth partial, one reversed.
    const shift = i % 7 === 0 ? 20 : i % 5 === 0 ? -4 : 0;
    const amount = i % 9 === 0 ? payment / 2 : (payment * installments) / repayments;
    list.push({
      id: `r${i}`,
      receivedOn: addDays(addMonths(start, month), shift),
      amount: Math.round(amount),
      kind: i === repayments / 2 ? 'prepayment' : 'regular',
      reversed: i === 13,
    });
  }
  return {
    terms: { amount: 10_000_000, rate: 7.25, amortization: installments - 6, moratorium: 6, authorizationDate: start },
    disbursements: [
      { id: 'd1', date: start, amount: 6_000_000, reversed: false },
      { id: 'd2', date: addDays(start, 45), amount: 4_000_000, reversed: false },
    ],
    repayments: list,
    amendments: [{ id: 'a1', kind: 'rate_change', effectiveDate: addMonths(start, 30), rate: 6.5, reversed: false }],
    writeOff: null,
    buckets: DEFAULT_BUCKETS,
    asOf: addMonths(start, installments - 20),
  };
}

function measure(label: string, inputs: LoanInput[], run: (input: LoanInput) => unknown, per: number) {
  for (const input of inputs.slice(0, 200)) run(input); // warm-up: let the JIT compile the walk
  const before = process.cpuUsage();
  for (const input of inputs) run(input);
  const used = process.cpuUsage(before);
  const ms = (used.user + used.system) / 1000;
  console.log(
    `${label.padEnd(58)} ${((ms * 1000) / inputs.length).toFixed(1).padStart(8)} µs/loan  ${(((ms / inputs.length) * per) / 1000).toFixed(2).padStart(7)} s per ${per.toLocaleString('en-CA')}`,
  );
}

const big = Array.from({ length: iterations }, (_, i) => loan(120, 60, i));
const check = computeLoan(big[0]!);
console.log(
  `one loan: ${check.installments.length} installments, ${check.repayments.length} repayments, ${check.statement.length} statement lines, status ${check.status}`,
);
measure('120 installments, 60 repayments: computeLoan (everything)', big, computeLoan, 150_000);
measure('120 installments, 60 repayments: computeLoanFigures', big, computeLoanFigures, 150_000);
const portfolio = Array.from({ length: 20_000 }, (_, i) => loan(60, 12, i));
measure('60 installments, 12 repayments: computeLoanFigures', portfolio, computeLoanFigures, 150_000);
