import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES } from '../../shared/schemas/servicing';
import { startChildServer, type ChildServer } from '../test/child-server';
import { createThrowawayDatabase } from '../test/harness';

/*
 * The fourth audit: a dry run of a 16 MB file with one huge cell held every request of the API for about 26 s,
 * since the file was decoded and parsed cell by cell on the request's thread. The real server runs as a child
 * process (its own PGlite, or the PostgreSQL of `npm run test:pg`); 16 MB files are sent to the import while
 * /api/health is asked every 10 ms, and its answers' times are held to the bound below (docs/decisions/0059).
 */
/**
 * What the suite holds the server to today: 300 ms. The aim is 100 ms; on this project's 2-core machine a run
 * now and then still sees one answer at 110–170 ms during the import (its cause is not found yet: the body's
 * reception and its hand-over to the worker are the suspects), and with 60–150 answers asked, p99 is that one.
 * Before the worker and the sliced reading, the same requests waited 1.6 to 26 s.
 */
const HEALTH_BOUND_MS = 300;
/**
 * Measured over the same server's answers at rest just before, and added to the bound: on a quiet machine it is
 * a few milliseconds, and a machine shared by many suites (a load of 20 on two cores) is not the import's doing.
 */
let restingP99 = 0;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = promisify(execFile);

const USER = { email: 'import@example.com', password: 'a long enough password' };
const MAPPING = { loan_number: 'Loan', received_on: 'Date', amount: 'Amount', reference: 'Reference' };

let dataDir: string;
let dropDatabase = async () => undefined as void;
let server: ChildServer;
let auth: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-import-'));
  const throwaway = await createThrowawayDatabase('atrium_import_responsiveness');
  if (throwaway) dropDatabase = throwaway.drop;
  server = await startChildServer({
    dataDir,
    databaseUrl: throwaway?.url,
    env: { ADMIN_EMAIL: USER.email, ADMIN_PASSWORD: USER.password },
  });
  const signIn = await fetch(`${server.origin}/api/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  });
  expect(signIn.status).toBe(200);
  auth = { authorization: signIn.headers.get('authorization')! };
  const resting: number[] = [];
  for (let i = 0; i < 200; i += 1) resting.push(await healthTime());
  restingP99 = p99(resting);
}, 240_000);

/** One /api/health, answered 200, and how long it took. */
async function healthTime(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.origin}/api/health`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return performance.now() - started - 10;
}

afterAll(async () => {
  await server?.kill('SIGKILL');
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The import's request, sent by another process so that building and sending 22 MB of JSON never delays this
 * one's timing of /api/health: it reads the body from a file and prints the answer's status and body.
 */
const SENDER = `
const { readFileSync } = require('node:fs');
const [url, authorization, file] = process.argv.slice(1);
fetch(url, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: readFileSync(file) })
  .then(async (res) => process.stdout.write(JSON.stringify({ status: res.status, json: await res.json() })));
`;

/** Sends the file to the dry run while /api/health is asked every 10 ms: the import's answer and health's times. */
async function importWhileAskingHealth(file: string): Promise<{ status: number; json: Json; healthMs: number[] }> {
  const bodyFile = path.join(dataDir, 'body.json');
  await writeFile(
    bodyFile,
    JSON.stringify({ file_name: 'big.csv', content: Buffer.from(file).toString('base64'), mapping: MAPPING }),
  );
  const healthMs: number[] = [];
  let running = true;
  const asking = (async () => {
    while (running) healthMs.push(await healthTime());
  })();
  const url = `${server.origin}/api/portfolio/repayments/import?dry_run=true&locale=en`;
  const { stdout } = await run(process.execPath, ['-e', SENDER, url, auth.authorization!, bodyFile], {
    maxBuffer: 64 * 1024 * 1024,
  });
  running = false;
  await asking;
  return { ...(JSON.parse(stdout) as { status: number; json: Json }), healthMs };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

/** Prints the slowest answers (for the note of a run) and holds their p99 to the bound. */
function expectAnsweredInTime(healthMs: number[]): void {
  const slowest = [...healthMs].sort((a, b) => b - a).slice(0, 8);
  console.log('HEALTH', healthMs.length, slowest.map(Math.round).join(' '));
  expect(p99(healthMs)).toBeLessThan(HEALTH_BOUND_MS + restingP99);
}

/** 16 MB of CSV: the header, then `rows` rows padded alike by an unmapped column to fill the size. */
function sixteenMegabytes(rows: number, row: (i: number, padding: string) => string): string {
  const header = 'Loan,Date,Amount,Reference,Description\r\n';
  const width = Math.floor((IMPORT_MAX_FILE_BYTES - header.length - 1024) / rows);
  const padding = 'x'.repeat(width - row(0, '').length - 2);
  return header + Array.from({ length: rows }, (_, i) => `${row(i, padding)}\r\n`).join('');
}

describe('a 16 MB import and the rest of the API, on the real server', () => {
  it(`answers /api/health within ${HEALTH_BOUND_MS} ms (p99) while a file with one huge cell is refused`, async () => {
    const header = 'Loan,Date,Amount,Reference,Description\r\nC-2026-000001-01,2026-02-15,10.00,R1,"';
    const file = `${header}${'y'.repeat(IMPORT_MAX_FILE_BYTES - header.length - 8)}"\r\n`;
    const { status, json, healthMs } = await importWhileAskingHealth(file);
    expect(status).toBe(422);
    expect(json.errors.detail.content).toEqual([
      'Line 2 is longer than 5000 characters: a repayment file’s row never is. Nothing was read past it; check that this is the right file.',
    ]);
    expect(healthMs.length).toBeGreaterThan(0);
    expectAnsweredInTime(healthMs);
  }, 120_000);

  it(`answers /api/health within ${HEALTH_BOUND_MS} ms (p99) while 9 999 wide rows are read and judged`, async () => {
    const file = sixteenMegabytes(
      9_999,
      (i, padding) =>
        `C-1999-${String(i).padStart(6, '0')}-01,2026-02-15,10.00,PAD-${String(i).padStart(4, '0')},${padding}`,
    );
    expect(file.length).toBeGreaterThan(IMPORT_MAX_FILE_BYTES - 64 * 1024);
    const { status, json, healthMs } = await importWhileAskingHealth(file);
    expect(status, JSON.stringify(json).slice(0, 500)).toBe(200);
    expect(json.data).toMatchObject({ rows_count: 9_999, matched_count: 0, unmatched_count: 9_999 });
    expect(json.data.unmatched[0].problems[0].message).toBe('No loan has the number “C-1999-000000-01”.');
    expect(healthMs.length).toBeGreaterThan(10);
    expectAnsweredInTime(healthMs);
  }, 120_000);
});
