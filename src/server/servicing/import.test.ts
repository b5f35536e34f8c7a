import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createLoan, createLoans, loanTerms, post, type TestLoan } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';
import { REPAYMENT_IMPORTS_PER_WINDOW } from '../platform/rate-limit/limits';

/*
 * The repayment import on the real app and database (docs/decisions/0038, "Importing repayments"): the dry run
 * row by row, the all-or-nothing import, a file imported twice, each kind of bad file and row, who may import.
 * The loans are 1 200 $ at 12 % over 12 months paid out on 15 January 2026 (the level payment is 106,62 $).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

const MAPPING = { loan_number: 'Loan', received_on: 'Date', amount: 'Amount', reference: 'Reference' };

const base64 = (text: string | Buffer) =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');

/** Posts a file to the import; `dryRun` false imports it. */
function upload(
  file: string | Buffer,
  options: { dryRun?: boolean; locale?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
) {
  const { dryRun = true, locale = 'en', headers = auth, body = {} } = options;
  return t.inject({
    method: 'POST',
    url: `/api/portfolio/repayments/import?dry_run=${dryRun}&locale=${locale}`,
    headers,
    payload: { file_name: 'pad-2026-03.csv', content: base64(file), mapping: MAPPING, ...body },
  });
}

async function disbursedLoan(): Promise<TestLoan> {
  const loan = await createLoan(t, auth, ids);
  await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
  return loan;
}

async function counts(loanIds: string[]) {
  const list = `{${loanIds.join(',')}}`;
  const [row] = await selectRows<{ repayments: number; imports: number; events: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM repayments WHERE contribution_id = ANY(${list}::uuid[])) AS repayments,
               (SELECT count(*)::int FROM repayment_imports) AS imports,
               (SELECT count(*)::int FROM events WHERE code = 'repaymentsImported') AS events`,
  );
  return row!;
}

const csv = (...lines: string[]) => ['Loan,Date,Amount,Reference', ...lines].join('\r\n') + '\r\n';

describe('the dry run', () => {
  it('lists the matched rows and, per row and in the language asked, why the others cannot be imported', async () => {
    const [a, b] = [await disbursedLoan(), await disbursedLoan()];
    const notPaidOut = await createLoan(t, auth, ids);
    const file = csv(
      `${a.loanNumber},2026-02-15,106.62,PAD-1`,
      `${b.loanNumber.toLowerCase()} ,2026-02-15,"1,06.62",PAD-2`,
      `C-1999-999999-01,2026-02-15,106.62,PAD-3`,
      `${a.loanNumber},2026-03-15,=1+1,PAD-4`,
      `${a.loanNumber},1850-03-15,106.62,PAD-5`,
      `${a.loanNumber},2026-03-15,0,PAD-6`,
      `${a.loanNumber},2026-03-15,-5.00,PAD-7`,
      `${notPaidOut.loanNumber},2026-03-15,10,PAD-8`,
      `${a.loanNumber},2026-02-15,106.62,PAD-1`,
      `${b.loanNumber},2026-02-15,106.62,PAD-2`,
      `@SUM(A1),2026-02-15,106.62,PAD-9`,
      `${a.loanNumber},2026-03-15,106.62,+HYPERLINK("x")`,
    );
    const before = await counts([a.id, b.id, notPaidOut.id]);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      dry_run: true,
      import_id: null,
      encoding: 'utf-8',
      separator: ',',
      decimal_separator: '.',
      rows_count: 12,
      matched_count: 2,
      matched_amount: 213.24,
      unmatched_count: 10,
      posted_count: 0,
    });
    expect(report.matched.map((row: Json) => [row.row, row.loan_number, row.reference, row.method])).toEqual([
      [2, a.loanNumber, 'PAD-1', 'pad'],
      [11, b.loanNumber, 'PAD-2', 'pad'],
    ]);
    const why = Object.fromEntries(
      report.unmatched.map((row: Json) => [row.row, row.problems.map((p: Json) => `${p.field}: ${p.message}`)]),
    );
    expect(why).toEqual({
      3: ['amount: “1,06.62” is not an amount (at most two decimals).'],
      4: ['loan_number: No loan has the number “C-1999-999999-01”.'],
      5: ['amount: A formula is not a value: “=1+1” was refused.'],
      6: ['received_on: Must be a date between 1900 and 2100'],
      7: ['amount: The amount must be more than 0.'],
      8: ['amount: The amount must be more than 0.'],
      9: ['row: Nothing has been disbursed on this loan: record a disbursement first.'],
      10: ['row: This row repeats row 2.'],
      12: ['loan_number: A formula is not a value: “@SUM(A1)” was refused.'],
      13: ['reference: A formula is not a value: “+HYPERLINK("x")” was refused.'],
    });
    expect(await counts([a.id, b.id, notPaidOut.id])).toEqual(before);

    const french = (await upload(file, { locale: 'fr' })).json().data;
    const row4 = french.unmatched.find((row: Json) => row.row === 4);
    expect(row4.problems[0].message).toBe('Aucun prêt ne porte le numéro « C-1999-999999-01 ».');
  });

  it('says when a payment is beyond the payoff, counting the loan’s other rows of the file', async () => {
    const loan = await disbursedLoan();
    const res = await upload(csv(`${loan.loanNumber},2026-02-15,1000,A`, `${loan.loanNumber},2026-02-16,500,B`));
    const report = res.json().data;
    expect(report.matched_count).toBe(1);
    expect(report.unmatched).toEqual([
      {
        row: 3,
        loan_number: loan.loanNumber,
        problems: [
          { field: 'amount', message: expect.stringMatching(/^This payment is more than what would repay the loan/) },
        ],
      },
    ]);
  });
});

describe('the import', () => {
  it('posts nothing when a row cannot be imported, then every row once the file is corrected, and nothing twice', async () => {
    const [a, b] = [await disbursedLoan(), await disbursedLoan()];
    const good = [`${a.loanNumber},2026-02-15,106.62,PAD-1`, `${b.loanNumber},2026-02-15,106.62,PAD-2`];
    const before = await counts([a.id, b.id]);

    const refused = await upload(csv(...good, 'C-1999-999999-01,2026-02-15,106.62,PAD-3'), { dryRun: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      code: 'import_refused',
      message: '1 rows cannot be imported: nothing was posted. Correct the file and import it again.',
      detail: { 'rows.4.loan_number': ['No loan has the number “C-1999-999999-01”.'] },
    });
    expect(await counts([a.id, b.id])).toEqual(before);

    const done = await upload(csv(...good), { dryRun: false });
    expect(done.statusCode).toBe(201);
    const report = done.json().data;
    expect(report).toMatchObject({ dry_run: false, posted_count: 2, posted_amount: 213.24, already_imported_count: 0 });
    expect(report.import_id).toEqual(expect.any(String));
    expect(await counts([a.id, b.id])).toEqual({
      repayments: before.repayments + 2,
      imports: before.imports + 1,
      events: before.events + 2,
    });
    // Through the one write path: allocated, in the loan's figures, said in the company's history.
    const repayments = (await t.inject({ method: 'GET', url: `${a.url}/repayments`, headers: auth })).json();
    expect(repayments.data).toHaveLength(1);
    expect(repayments.data[0]).toMatchObject({ reference: 'PAD-1', import_id: report.import_id, method: 'pad' });
    expect(repayments.data[0].allocation.installments).toEqual([{ number: 1, interest: 12, principal: 94.62 }]);
    expect(repayments.meta.loan.figures.received).toBe(106.62);
    const [state] = await selectRows<{ received: number }>(
      t.database.db,
      sql`SELECT received_cents::int AS received FROM loan_states WHERE contribution_id = ${a.id}`,
    );
    expect(state!.received).toBe(10_662);
    const events = (
      await t.inject({ method: 'GET', url: `/api/companies/${a.companyId}/events?locale=en`, headers: auth })
    ).json();
    expect(JSON.stringify(events.data)).toContain(
      `1 repayments of $106.62 in all imported from pad-2026-03.csv (loan ${a.loanNumber})`,
    );

    // The same file again: every row already imported, nothing posted.
    const again = await upload(csv(...good), { dryRun: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ posted_count: 0, already_imported_count: 2, import_id: null });
    const dry = (await upload(csv(...good))).json().data;
    expect(dry.matched.map((row: Json) => row.already_imported)).toEqual([true, true]);
    // Another file holding one of the same rows and a new one: only the new one is posted.
    const next = await upload(csv(good[0]!, `${a.loanNumber},2026-03-15,106.62,PAD-11`), { dryRun: false });
    expect(next.json().data).toMatchObject({ posted_count: 1, already_imported_count: 1 });
    expect(await counts([a.id, b.id])).toMatchObject({ repayments: before.repayments + 3 });
  });

  it('posts each row once when the same file is imported twice at the same time', async () => {
    const loan = await disbursedLoan();
    const file = csv(`${loan.loanNumber},2026-02-15,106.62,PAD-1`, `${loan.loanNumber},2026-03-15,106.62,PAD-2`);
    const answers = await Promise.all([upload(file, { dryRun: false }), upload(file, { dryRun: false })]);
    expect(answers.map((res) => res.json().data.posted_count).sort()).toEqual([0, 2]);
    expect((await counts([loan.id])).repayments).toBe(2);
  });
});

describe('files as they come', () => {
  it('reads a French export: Windows-1252, semicolons, decimal commas, headings with accents, dates day first', async () => {
    const loan = await createLoan(t, auth, ids, { amount: '5000' });
    await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '5000', method: 'eft' });
    const text = [
      'Numéro de prêt;Date reçue;Montant;Référence;Mode',
      `${loan.loanNumber};15/02/2026;1 234,56 $;Chèque 12;chèque`,
      `${loan.loanNumber};03/03/2026;10,5;;Virement`,
      '',
    ].join('\r\n');
    const res = await upload(Buffer.from(text, 'latin1'), {
      locale: 'fr',
      body: {
        mapping: { loan_number: 'numero de pret', received_on: 'Date reçue', amount: 3, reference: 4, method: 'Mode' },
        date_format: 'DD/MM/YYYY',
      },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      encoding: 'windows-1252',
      separator: ';',
      decimal_separator: ',',
      matched_count: 2,
      matched_amount: 1245.06,
      unmatched_count: 0,
    });
    expect(report.matched.map((row: Json) => [row.received_on, row.amount, row.method, row.reference])).toEqual([
      ['2026-02-15', 1234.56, 'cheque', 'Chèque 12'],
      ['2026-03-03', 10.5, 'eft', null],
    ]);
  });

  it('reads UTF-8 with its byte-order mark, and says which encoding it read', async () => {
    const loan = await disbursedLoan();
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(`${loan.loanNumber},20260215,5,Réf`))]);
    const report = (await upload(bom)).json().data;
    expect(report).toMatchObject({ encoding: 'utf-8', matched_count: 1 });
    expect(report.matched[0].reference).toBe('Réf');
  });

  it('asks for the order of dates that could be read either way', async () => {
    const loan = await disbursedLoan();
    const report = (await upload(csv(`${loan.loanNumber},03/04/2026,5,A`))).json().data;
    expect(report.unmatched[0].problems).toEqual([
      { field: 'received_on', message: '“03/04/2026” needs its order said: choose DD/MM/YYYY or MM/DD/YYYY.' },
    ]);
  });

  it.each([
    ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Loan,Date,Amount\r\nx,y,z\r\n', 'utf16le')])],
    ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])],
  ])('refuses a file that is not UTF-8 nor Windows-1252 text (%s), saying so', async (_name, bytes) => {
    const res = await upload(bytes);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ content: ['The file is neither UTF-8 nor Windows-1252 text.'] });
  });

  it('refuses UTF-8 when said, for a Windows-1252 file', async () => {
    const res = await upload(Buffer.from('Loan,Date,Amount,Reference\r\nx,2026-01-01,1,Réf\r\n', 'latin1'), {
      body: { encoding: 'utf-8' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail.content).toEqual(['The file is neither UTF-8 nor Windows-1252 text.']);
  });

  it('refuses a file over the cap of rows before reading them, and a file with no row', async () => {
    const big = csv(...Array.from({ length: 10_001 }, (_, i) => `C-2026-000001-01,2026-02-15,1,R${i}`));
    const res = await upload(big);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail.content).toEqual([
      'The file has 10001 rows: at most 10000 can be imported at once.',
    ]);
    const empty = await upload('Loan,Date,Amount,Reference\r\n');
    expect(empty.json().errors.detail.content).toEqual(['The file has no row under its header.']);
  });

  it('names a mapped column the file does not have, with the file’s columns', async () => {
    const res = await upload(csv('x,2026-01-01,1,r'), {
      body: { mapping: { ...MAPPING, amount: 'Montant', method: 9 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      'mapping.amount': ['The file has no column “Montant”. Its columns: Loan, Date, Amount, Reference.'],
      'mapping.method': ['The file has no column “9”. Its columns: Loan, Date, Amount, Reference.'],
    });
  });

  it('refuses a malformed request with 400 or 422, never a 5xx', async () => {
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/portfolio/repayments/import?dry_run=maybe',
          headers: auth,
          payload: { file_name: 'a.csv', content: base64('a'), mapping: MAPPING },
        })
      ).statusCode,
    ).toBe(400);
    const noMapping = await upload('a', { body: { mapping: undefined } });
    expect(noMapping.statusCode).toBe(422);
    const notBase64 = await upload('a', { body: { content: '%%%' } });
    expect(notBase64.statusCode).toBe(422);
    const shortRow = (await upload(csv('x,2026-01-01'))).json().data;
    expect(shortRow.unmatched[0].problems).toContainEqual({
      field: 'row',
      message: 'This row has 2 cells, the header 4.',
    });
    expect(shortRow.unmatched[0].problems).toContainEqual({ field: 'amount', message: 'Empty.' });
  });
});

describe('amounts that read two ways', () => {
  it('refuses 1,500 and 1.500 until the decimal separator is chosen, never reads 0,125 as a group, and says which', async () => {
    const loan = await createLoan(t, auth, ids, { amount: '5000' });
    await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '5000', method: 'eft' });
    const semicolons = (...lines: string[]) => ['Loan;Date;Amount;Reference', ...lines].join('\r\n');
    const file = semicolons(
      `${loan.loanNumber};2026-02-15;1,500;A`,
      `${loan.loanNumber};2026-02-16;12,50;B`,
      `${loan.loanNumber};2026-02-17;0,125;C`,
      `${loan.loanNumber};2026-02-18;1.500;D`,
    );
    const found = (await upload(file)).json().data;
    expect(found).toMatchObject({ separator: ';', decimal_separator: ',', decimal_separator_chosen: false });
    expect(found.matched.map((row: Json) => [row.reference, row.amount])).toEqual([['B', 12.5]]);
    expect(
      Object.fromEntries(found.unmatched.map((row: Json) => [row.row, row.problems.map((p: Json) => p.message)])),
    ).toEqual({
      2: [
        '“1,500” could be a thousands group or three decimals: choose the file’s decimal separator (options) and check again.',
      ],
      4: ['“0,125” is not an amount (at most two decimals).'],
      5: [
        '“1.500” could be a thousands group or three decimals: choose the file’s decimal separator (options) and check again.',
      ],
    });
    const french = (await upload(file, { locale: 'fr' })).json().data;
    expect(french.unmatched[0].problems[0].message).toBe(
      '« 1,500 » peut se lire comme un groupe de milliers ou trois décimales : choisissez le séparateur décimal du fichier (options) et vérifiez de nouveau.',
    );

    // Chosen: with a decimal comma, 1.500 is 1 500 $, and 1,500 and 0,125 have three decimals (refused).
    const comma = (await upload(file, { body: { decimal_separator: ',' } })).json().data;
    expect(comma).toMatchObject({ decimal_separator: ',', decimal_separator_chosen: true });
    expect(comma.matched.map((row: Json) => [row.reference, row.amount])).toEqual([
      ['B', 12.5],
      ['D', 1500],
    ]);
    expect(comma.unmatched.map((row: Json) => [row.row, row.problems[0].message])).toEqual([
      [2, '“1,500” is not an amount (at most two decimals).'],
      [4, '“0,125” is not an amount (at most two decimals).'],
    ]);
    // A dot: 1,500 is 1 500 $, 12,50 is no amount, 0,125 is no group of thousands.
    const dot = (await upload(file, { body: { decimal_separator: '.' } })).json().data;
    expect(dot).toMatchObject({ decimal_separator: '.', decimal_separator_chosen: true });
    expect(dot.matched.map((row: Json) => [row.reference, row.amount])).toEqual([['A', 1500]]);
    expect(dot.unmatched.map((row: Json) => row.row)).toEqual([3, 4, 5]);
  });
});

describe('a repayment imported, then reversed', () => {
  it('can be imported again, once, and the dry run no longer calls it imported', async () => {
    const loan = await disbursedLoan();
    const file = csv(`${loan.loanNumber},2026-02-15,106.62,PAD-1`);
    expect((await upload(file, { dryRun: false })).statusCode).toBe(201);
    const [posted] = (await t.inject({ method: 'GET', url: `${loan.url}/repayments`, headers: auth })).json().data;
    await post(t, auth, `${loan.url}/repayments/${posted.id}/reverse`, { reason: 'Mauvais prêt' }, 200);

    const dry = (await upload(file)).json().data;
    expect(dry).toMatchObject({ matched_count: 1, already_imported_count: 0 });
    expect(dry.matched[0].already_imported).toBe(false);
    const again = await upload(file, { dryRun: false });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ posted_count: 1, already_imported_count: 0 });
    const repayments = (await t.inject({ method: 'GET', url: `${loan.url}/repayments`, headers: auth })).json();
    expect(repayments.data.map((row: Json) => [row.reference, row.reversal === null])).toEqual(
      expect.arrayContaining([
        ['PAD-1', false],
        ['PAD-1', true],
      ]),
    );
    expect(repayments.meta.loan.figures.received).toBe(106.62);
    // Imported again, it is imported: a third time posts nothing.
    const third = await upload(file, { dryRun: false });
    expect(third.statusCode).toBe(200);
    expect(third.json().data).toMatchObject({ posted_count: 0, already_imported_count: 1 });
  });
});

describe('files that would hold the API', () => {
  it('refuses at once, with its line, a record longer than any row of a repayment file, and an unclosed quote', async () => {
    const huge = `${csv('C-2026-000001-01,2026-02-15,1,R1')}C-2026-000001-01,2026-02-15,1,"${'x'.repeat(6_000_000)}"\r\n`;
    const res = await upload(huge, { locale: 'fr' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      content: [
        'La ligne 3 dépasse 5000 caractères, ce qu’une ligne de remboursements ne fait jamais. Rien n’a été lu après elle; vérifiez qu’il s’agit du bon fichier.',
      ],
    });
    const open = await upload(csv('C-2026-000001-01,2026-02-15,1,R1', 'C-2026-000001-01,2026-02-15,1,"R2', 'x,y,z,w'));
    expect(open.statusCode).toBe(422);
    expect(open.json().errors.detail).toEqual({
      content: ['A quote opened on line 3 is never closed: the rest of the file would be one cell.'],
    });
  });

  it('refuses a cell longer than its field allows, on its row', async () => {
    const loan = await disbursedLoan();
    const report = (
      await upload(csv(`${loan.loanNumber},2026-02-15,106.62,${'R'.repeat(101)}`, `${'9'.repeat(41)},2026-02-15,1,A`))
    ).json().data;
    expect(report.unmatched).toEqual([
      { row: 2, loan_number: loan.loanNumber, problems: [{ field: 'reference', message: 'At most 100 characters.' }] },
      { row: 3, loan_number: null, problems: [{ field: 'loan_number', message: 'At most 40 characters.' }] },
    ]);
  });

  it('limits each user’s imports, dry runs included, and not the next user’s', async () => {
    const user = await t.authHeader(await t.createUser({ firstName: 'Rapide', lastName: 'Lavoie' }));
    const file = csv('C-2026-000001-01,2026-02-15,1,R1');
    for (let i = 0; i < REPAYMENT_IMPORTS_PER_WINDOW; i += 1) {
      expect((await upload(file, { headers: user })).statusCode).toBe(200);
    }
    const refused = await upload(file, { headers: user, locale: 'fr' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect(refused.json().errors.code).toBe('rate_limited');
    expect((await upload(file)).statusCode).toBe(200);
  });
});

describe('who may import', () => {
  it('refuses a visitor not signed in, and lets any signed-in user write the loans, as one repayment does', async () => {
    const loan = await disbursedLoan();
    const file = csv(`${loan.loanNumber},2026-02-15,106.62,PAD-1`);
    expect((await upload(file, { headers: {} })).statusCode).toBe(401);
    const other = await t.authHeader(await t.createUser({ firstName: 'Marc', lastName: 'Roy' }));
    const res = await upload(file, { headers: other, dryRun: false });
    expect(res.statusCode).toBe(201);
    const [row] = await selectRows<{ author: string }>(
      t.database.db,
      sql`SELECT u.first_name AS author FROM repayments p JOIN users u ON u.id = p.author_id WHERE p.contribution_id = ${loan.id}`,
    );
    expect(row!.author).toBe('Marc');
  });
});

describe('a large file', () => {
  it('checks and imports 5 000 rows over several loans', async () => {
    const loans = await createLoans(
      t,
      auth,
      ids,
      Array.from({ length: 5 }, () => loanTerms(ids, { amount: '1000000' })),
    );
    for (const loan of loans) {
      await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1000000', method: 'eft' });
    }
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `${loans[i % 5]!.loanNumber},2026-02-${String(1 + (i % 28)).padStart(2, '0')},10.00,PAD-${i}`,
    );
    const dry = (await upload(csv(...lines))).json().data;
    expect(dry).toMatchObject({ rows_count: 5000, matched_count: 5000, unmatched_count: 0 });
    expect(dry.matched).toHaveLength(1000);
    const res = await upload(csv(...lines), { dryRun: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ posted_count: 5000, posted_amount: 50_000 });
    expect((await counts(loans.map((loan) => loan.id))).repayments).toBe(5000);
  }, 120_000);
});
