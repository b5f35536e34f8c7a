/**
 * The app's own CPU per request, one case at a time, on a seeded bench dataset: the app built in this process
 * (as the bench's SQL check builds it), each case's request injected N times one after the other with the
 * bench's headers (a browser's Accept-Encoding: answers are compressed as in the load run), and the CPU time of
 * this process (user + system) over them. One request at a time, no sockets, no load generator: on a shared
 * machine this reads what a change saves where requests/s under load read mostly the other processes.
 * With `--profile DIR` each case's requests are also recorded as a CPU profile (bench/profile-summary.ts).
 *
 *   node --import tsx bench/request-cpu.ts --url postgres://…/atrium_bench_10000 [--cases a,b] [--requests 500]
 *
 * The database is the bench's (`npm run bench -- --seed-only` prepares it; start its cluster or give any
 * server's URL). Wall time per request is printed too, but includes PostgreSQL's share of the cores.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { CASES, longHistoryLoan, pathOf, type CaseContext } from './lib/cases';
import { inProcessApp } from './lib/capture';
import { DATA } from './lib/datasets';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    cases: { type: 'string', default: 'documents-list,events-timeline,schedule-60' },
    requests: { type: 'string', default: '500' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
    profile: { type: 'string' },
  },
});
const url = values.url ?? process.env['DATABASE_URL'];
if (!url) throw new Error('--url postgres://… (or DATABASE_URL): a seeded bench database');
const requests = Number(values.requests);
const wanted = values.cases.split(',');

const database = await openDatabase({ url });
const app = await inProcessApp(database, {
  dataDir: path.join(DATA, 'request-cpu'),
  databaseUrl: url,
  jwtSecret: randomBytes(32).toString('hex'),
});
// Only what the cases' requests read: the store calls of the database ceiling are not made here.
const ctx: CaseContext = {
  db: database.db,
  lists: undefined as unknown as CaseContext['lists'],
  schedules: undefined as unknown as CaseContext['schedules'],
  token: app.token,
  userId: app.userId,
  sessionUser: async () => undefined,
  deepPage: 1,
  longHistoryLoan: await longHistoryLoan(database.db),
  nextAddress: () => '127.0.0.1',
  acceptEncoding: values['accept-encoding'],
};
const session = new Session();
session.connect();
if (values.profile) {
  mkdirSync(values.profile, { recursive: true });
  await session.post('Profiler.enable');
}

console.log(`case                       requests  CPU ms/request  wall ms/request  answer bytes (sent)`);
for (const id of wanted) {
  const benchCase = CASES.find((c) => c.id === id);
  if (!benchCase) throw new Error(`no case ${id}: ${CASES.map((c) => c.id).join(', ')}`);
  const request = benchCase.request(ctx);
  if (request.method !== 'GET') throw new Error(`${id}: only GET cases`);
  const send = () =>
    app.app.inject({
      method: 'GET',
      url: pathOf(request),
      headers: {
        accept: 'application/json',
        'accept-encoding': ctx.acceptEncoding,
        authorization: `Bearer ${ctx.token}`,
      },
    });
  // Warm-up: the JIT, the kept values (session user, list totals), the statements' first plans.
  let bytes = 0;
  for (let i = 0; i < Math.min(100, requests); i += 1) {
    const answer = await send();
    if (answer.statusCode !== 200) throw new Error(`${id} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
    bytes = answer.rawPayload.length;
  }
  if (values.profile) await session.post('Profiler.start');
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i += 1) await send();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (values.profile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(values.profile, `${id}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(
    `${id.padEnd(26)} ${String(requests).padStart(8)} ${((used.user + used.system) / 1000 / requests).toFixed(3).padStart(15)} ${(wall / requests).toFixed(3).padStart(16)} ${String(bytes).padStart(20)}`,
  );
}
session.disconnect();
await app.close();
process.exit(0);
