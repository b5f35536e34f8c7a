/**
 * Soak (security issue): 200 concurrent clients doing what staff do all day — lists, searches, company
 * saves, document uploads (presign → PUT → save), events — for 60 s against the real server, a child
 * process on PostgreSQL with local file storage. Passes when:
 *   - no answer is a 5xx and no request fails in transport (every request of the mix is valid, so any
 *     non-2xx fails the run too: it would be a lost write or a bug);
 *   - every write a client got a 2xx for is in the database exactly once, with what was sent, and the
 *     database holds nothing else (every write carries a unique marker; counted afterwards in SQL);
 *   - the server's resident memory is stable: see RSS_RULE below;
 *   - the server then stops on SIGTERM with exit code 0.
 *
 * With `--processes N` (N ≥ 2), N server processes on the one database behind the scale-out harness's
 * round-robin proxy (src/server/test/app-cluster.ts, ADR 0027), with the same verdicts: the memory rule and
 * the SIGTERM exit hold for each process (a process that failed meanwhile shows as the proxy's 502s).
 *
 * Usage: npm run test:soak  (= scripts/with-postgres.ts, which sets DATABASE_URL, running this file)
 *        npm run test:soak -- --processes 2
 *        node --import tsx scripts/with-postgres.ts node --import tsx bench/soak.ts --seconds 20 --clients 50
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { USER_EVENT_CATEGORY_SLUGS } from '../src/shared/events';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/lookups/seed';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/platform/auth/passwords';
import { isStorageKey } from '../src/server/platform/storage/storage';
import { startAppCluster, type RoundRobinProxy } from '../src/server/test/app-cluster';
import { startChildServer, type ChildServer } from '../src/server/test/child-server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} wants a positive number`);
  return value;
}

const CLIENTS = option('clients', 200);
const PROCESSES = option('processes', 1);
/** Staff accounts the clients share (several tabs and people per account, as in an office). */
const ACCOUNTS = 20;
const PASSWORD = 'soak password, long enough';
const RUN = randomBytes(3).toString('hex');

/**
 * RSS_RULE. The server's RSS is read from /proc once a second. The first 20 s are warm-up: the heap
 * grows from ~200 MB to its working size while the JIT compiles and the pool fills. The "plateau" is
 * the median of the samples from 20 s to 40 s; the run fails when the median of the last 20 s is above
 * it by more than max(10 %, 32 MB). Medians, because V8's collections swing RSS by ±40 MB from one
 * second to the next (a 180 s run here went 284–358 MB from 20 s on, with no trend: the max of a
 * window says more about when a collection ran than about a leak). What this catches: a leak of
 * ~1.5 MB/s or more — e.g. 30 kB kept per request at the ~50 requests/s two shared cores serve, such
 * as a list answer or a request object retained each time. A slower leak needs a longer soak.
 *
 * With N processes each one serves 1/N of the requests, so it reaches its working size N times later: the
 * warm-up and the plateau scale with N (a two-process run on CI was still growing from 324 to 376 MB between
 * 20 and 60 s, as one process does in its first 30 s; a 180 s single-process run stayed at 350–380 MB from
 * 30 s on). The default length leaves the last 20 s after the plateau: 60 s for one process, 100 s for two.
 */
const RSS_RULE = { warmupS: 20 * PROCESSES, plateauEndS: 40 * PROCESSES, lastS: 20, ratio: 0.1, floorMb: 32 };
const SECONDS = option('seconds', RSS_RULE.plateauEndS + RSS_RULE.lastS);

/* ------------------------------------------------------------------------------------------------
 * Recording what happened
 * ---------------------------------------------------------------------------------------------- */

type Kind =
  | 'companies.list'
  | 'companies.search'
  | 'companies.show'
  | 'companies.create'
  | 'companies.save'
  | 'documents.list'
  | 'documents.presign'
  | 'documents.put'
  | 'documents.create'
  | 'events.list'
  | 'events.create'
  | 'lookups'
  | 'spa';

const statusesByKind = new Map<Kind, Map<string, number>>();
const latencies = new Map<Kind, number[]>();
const failures: string[] = [];
let completed = 0;

function record(kind: Kind, status: string, ms: number, detail?: string) {
  const byStatus = statusesByKind.get(kind) ?? new Map<string, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  statusesByKind.set(kind, byStatus);
  (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(ms);
  completed += 1;
  if (!/^2\d\d$/.test(status) && failures.length < 20)
    failures.push(`${kind} → ${status}${detail ? `: ${detail}` : ''}`);
}

interface Answer {
  status: number;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let origin = '';

/** One request; a transport failure or a timeout is recorded as such and answers status 0. */
async function call(
  kind: Kind,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; bytes?: Buffer; contentType?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.contentType) headers['content-type'] = options.contentType;
  try {
    const res = await fetch(url.startsWith('http') ? url : `${origin}${url}`, {
      method,
      headers,
      body: options.bytes
        ? new Uint8Array(options.bytes)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    const json = isJson && text ? JSON.parse(text) : {};
    record(kind, String(res.status), performance.now() - started, res.ok ? undefined : text.slice(0, 300));
    return { status: res.status, json };
  } catch (error) {
    record(
      kind,
      'transport error',
      performance.now() - started,
      error instanceof Error ? error.message : String(error),
    );
    return { status: 0, json: {} };
  }
}

/* ------------------------------------------------------------------------------------------------
 * What the clients wrote and were told was stored
 * ---------------------------------------------------------------------------------------------- */

interface CompanyGraph {
  name: string;
  address: string;
  owners: string[];
  highlights: string;
  projects: string[];
  blocks: string[];
}

interface AckedCompany {
  id: string;
  lockVersion: number;
  /** Saves answered 200: the version must have moved exactly this many times. */
  saves: number;
  graph: CompanyGraph;
}

const companies = new Map<string, AckedCompany>();
/** Ids any client may read (people look at each other's companies). */
const knownIds: string[] = [];
const documents = new Map<string, { companyId: string; fileName: string; size: number }>();
const events = new Map<string, { companyId: string }>();
/** Markers of writes answered with anything but a 2xx: none of them may be in the database. */
const refusedMarkers: string[] = [];

const TRADES = ['Fromagerie', 'Boulangerie', 'Ébénisterie', 'Brasserie', 'Atelier', 'Érablière', 'Quincaillerie'];
const SEARCHES = ['fromagerie', 'ebenisterie', 'erabliere', 'brass', 'atelier', 'montreal', 'levis', 'quebec', 'soak'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Refs {
  legalForm: string;
  status: string;
  activityArea: string;
  municipalities: string[];
  funds: string[];
  documentCategory: string;
}

/** The whole company as the form sends it, with `marker` in every part. */
function companyBody(marker: string, refs: Refs, n: number): { body: Record<string, unknown>; graph: CompanyGraph } {
  const graph: CompanyGraph = {
    name: `${pick(TRADES)} ${marker}`,
    address: `${n} rue ${marker}`,
    owners: Array.from({ length: 1 + (n % 3) }, (_, i) => `Propriétaire ${i} ${marker}`),
    highlights: `Points forts ${marker}`,
    projects: Array.from({ length: 1 + (n % 2) }, (_, i) => `Projet ${i} ${marker}`),
    blocks: [`Notes ${marker}`],
  };
  return {
    graph,
    body: {
      name: graph.name,
      email_address: `contact-${n}@example.com`,
      phone_number: '514-555-0199',
      employee_count: String(n % 500),
      legal_form_id: refs.legalForm,
      status_id: refs.status,
      activity_area_id: refs.activityArea,
      address: { address: graph.address, zip_code: 'H2Y 1H2', municipality_id: pick(refs.municipalities) },
      owners: graph.owners.map((name) => ({ name, shares_percentage: '10', city: 'Montréal' })),
      presentation: { highlights: graph.highlights, products: 'Produits', market: 'Marché', management: 'Direction' },
      financial_statements: [2023, 2024].map((year) => ({
        year: String(year),
        sales: String(n * 1000),
        net_profit: '-12,5',
      })),
      financial_contributions: graph.projects.map((project_name) => ({
        contribution_fund_id: pick(refs.funds),
        amount: '50000',
        rate: '5,5',
        project_name,
      })),
      blocks: graph.blocks.map((content) => ({ block_type: 'notes', content })),
    },
  };
}

/** A PDF as the server checks it (its first bytes), 5–100 kB. */
function pdfBytes(): Buffer {
  const size = 5_000 + Math.floor(Math.random() * 95_000);
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  return bytes;
}

/* ------------------------------------------------------------------------------------------------
 * One client
 * ---------------------------------------------------------------------------------------------- */

async function client(index: number, token: string, refs: Refs, deadline: number): Promise<void> {
  const own: AckedCompany[] = [];
  let writes = 0;
  const marker = () => `soak-${RUN}-c${index}-w${(writes += 1)}`;

  const createCompany = async () => {
    const m = marker();
    const { body, graph } = companyBody(m, refs, writes);
    const res = await call('companies.create', 'POST', '/api/companies', { token, body });
    if (res.status !== 201) return void refusedMarkers.push(m);
    const acked: AckedCompany = { id: res.json.data.id, lockVersion: res.json.data.lock_version, saves: 0, graph };
    companies.set(acked.id, acked);
    own.push(acked);
    knownIds.push(acked.id);
  };

  const saveCompany = async () => {
    const company = pick(own);
    const m = marker();
    const { body, graph } = companyBody(m, refs, writes);
    const res = await call('companies.save', 'PATCH', `/api/companies/${company.id}`, {
      token,
      body: { ...body, lock_version: company.lockVersion },
    });
    if (res.status !== 200) return void refusedMarkers.push(m);
    company.lockVersion = res.json.data.lock_version;
    company.saves += 1;
    company.graph = graph;
  };

  const uploadDocument = async () => {
    const company = pick(own);
    const m = marker();
    const bytes = pdfBytes();
    const presigned = await call('documents.presign', 'POST', '/api/assets/s3_presigned_url', {
      token,
      body: { method: 'PUT', file_extension: 'pdf' },
    });
    if (presigned.status !== 200) return void refusedMarkers.push(m);
    const { url, unique_file_name: key, content_type: contentType } = presigned.json.data;
    const put = await call('documents.put', 'PUT', url, { bytes, contentType });
    if (put.status !== 200) return void refusedMarkers.push(m);
    const saved = await call('documents.create', 'POST', `/api/companies/${company.id}/documents`, {
      token,
      body: {
        name: m,
        date: '2025-06-30',
        category_id: refs.documentCategory,
        file_name: key,
        file_type: 'application/pdf',
        file_size: bytes.length,
      },
    });
    if (saved.status !== 201) return void refusedMarkers.push(m);
    // The record names the sealed copy of the upload (ADR 0015), not the key the upload went to.
    documents.set(m, { companyId: company.id, fileName: saved.json.data.file_name, size: bytes.length });
  };

  const createEvent = async () => {
    const company = pick(own);
    const m = marker();
    const res = await call('events.create', 'POST', `/api/companies/${company.id}/events`, {
      token,
      body: { category_slug: pick(USER_EVENT_CATEGORY_SLUGS), title: m, date: '2025-03-14', notes: `Notes ${m}` },
    });
    if (res.status !== 201) return void refusedMarkers.push(m);
    events.set(m, { companyId: company.id });
  };

  const someCompany = () => (Math.random() < 0.5 ? pick(own).id : pick(knownIds));

  /** Weights: mostly reading, as in an office; about a third of the requests write. */
  const mix: Array<[number, () => Promise<unknown>]> = [
    [
      20,
      () =>
        call(
          'companies.list',
          'GET',
          `/api/companies?page[number]=${1 + Math.floor(Math.random() * 5)}&page[size]=${pick([10, 25, 50])}&sort=${pick(['name', '-updated_at', 'reference_number', '-inserted_at'])}`,
          { token },
        ),
    ],
    [
      14,
      () =>
        call(
          'companies.search',
          'GET',
          `/api/companies?filter[search]=${encodeURIComponent(pick(SEARCHES))}&sort=name`,
          { token },
        ),
    ],
    [10, () => call('companies.show', 'GET', `/api/companies/${someCompany()}`, { token })],
    [6, () => call('documents.list', 'GET', `/api/companies/${someCompany()}/documents?sort=-inserted_at`, { token })],
    [6, () => call('events.list', 'GET', `/api/companies/${someCompany()}/events?page[size]=25`, { token })],
    [
      3,
      () =>
        call(
          'lookups',
          'GET',
          `/api/${pick(['municipalities', 'statuses', 'legal_forms', 'documents/categories'])}?locale=${pick(['fr', 'en'])}`,
          { token },
        ),
    ],
    [2, () => call('spa', 'GET', pick(['/', '/companies', '/sign_in']))],
    [6, createCompany],
    [12, saveCompany],
    [8, uploadDocument],
    [10, createEvent],
  ];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);

  await createCompany();
  if (own.length === 0) return;
  while (Date.now() < deadline) {
    let roll = Math.random() * total;
    for (const [weight, action] of mix) {
      roll -= weight;
      if (roll < 0) {
        await action();
        break;
      }
    }
  }
}

/* ------------------------------------------------------------------------------------------------
 * Verification, in SQL, once every client has stopped
 * ---------------------------------------------------------------------------------------------- */

async function verify(
  databaseUrl: string,
  uploadsDir: string,
): Promise<{ problems: string[]; counts: Record<string, number> }> {
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 30) problems.push(text);
  };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = async <T>(text: string) => (await db.query(text)).rows as T[];
    const grouped = async (text: string) => {
      const map = new Map<string, string[]>();
      for (const row of await rows<{ company_id: string; values: string[] }>(text)) map.set(row.company_id, row.values);
      return map;
    };

    // Companies: exactly the acknowledged ones, each with its last acknowledged graph and version.
    const stored = await rows<{ id: string; name: string; lock_version: number }>(
      'SELECT id, name, lock_version FROM companies',
    );
    const storedIds = new Set(stored.map((row) => row.id));
    for (const row of stored) {
      const acked = companies.get(row.id);
      if (!acked) problem(`company ${row.id} "${row.name}" was never acknowledged`);
      else {
        if (row.name !== acked.graph.name)
          problem(`company ${row.id}: name "${row.name}", last acknowledged "${acked.graph.name}"`);
        if (row.lock_version !== acked.saves)
          problem(`company ${row.id}: version ${row.lock_version} after ${acked.saves} acknowledged saves`);
      }
    }
    for (const id of companies.keys()) if (!storedIds.has(id)) problem(`acknowledged company ${id} is missing`);
    const addresses = await grouped(
      'SELECT company_id, array_agg(address) AS values FROM company_addresses GROUP BY company_id',
    );
    const ownerNames = await grouped(
      'SELECT company_id, array_agg(name ORDER BY position) AS values FROM owners GROUP BY company_id',
    );
    const highlights = await grouped(
      'SELECT company_id, array_agg(highlights) AS values FROM company_presentations GROUP BY company_id',
    );
    const projects = await grouped(
      'SELECT company_id, array_agg(project_name ORDER BY inserted_at, seq) AS values FROM financial_contributions GROUP BY company_id',
    );
    const blockTexts = await grouped(
      'SELECT company_id, array_agg(content ORDER BY position) AS values FROM blocks GROUP BY company_id',
    );
    const statementCounts = await grouped(
      'SELECT company_id, array_agg(year::text ORDER BY year) AS values FROM financial_statements GROUP BY company_id',
    );
    const same = (a: string[] | undefined, b: string[]) => JSON.stringify(a ?? []) === JSON.stringify(b);
    for (const acked of companies.values()) {
      const g = acked.graph;
      const checks: Array<[string, string[] | undefined, string[]]> = [
        ['address', addresses.get(acked.id), [g.address]],
        ['owners', ownerNames.get(acked.id), g.owners],
        ['presentation', highlights.get(acked.id), [g.highlights]],
        ['contributions', projects.get(acked.id), g.projects],
        ['blocks', blockTexts.get(acked.id), g.blocks],
        ['statements', statementCounts.get(acked.id), ['2023', '2024']],
      ];
      for (const [part, actual, expected] of checks) {
        if (!same(actual, expected))
          problem(`company ${acked.id} ${part}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
    }
    for (const [name, map] of Object.entries({
      addresses,
      ownerNames,
      highlights,
      projects,
      blockTexts,
      statementCounts,
    })) {
      for (const id of map.keys()) if (!companies.has(id)) problem(`${name} of unknown company ${id}`);
    }

    // Documents: exactly the acknowledged ones, once each, with their file in storage.
    const docs = await rows<{ name: string; company_id: string; file_name: string; file_size: number }>(
      'SELECT name, company_id, file_name, file_size FROM documents',
    );
    const seenDocs = new Map<string, number>();
    for (const doc of docs) {
      seenDocs.set(doc.name, (seenDocs.get(doc.name) ?? 0) + 1);
      const acked = documents.get(doc.name);
      if (!acked) problem(`document "${doc.name}" was never acknowledged`);
      else if (acked.companyId !== doc.company_id || acked.fileName !== doc.file_name || acked.size !== doc.file_size) {
        problem(`document "${doc.name}" differs from what was acknowledged`);
      }
    }
    for (const [name, n] of seenDocs) if (n > 1) problem(`document "${name}" stored ${n} times`);
    for (const name of documents.keys()) if (!seenDocs.has(name)) problem(`acknowledged document "${name}" is missing`);
    const entries = await readdir(uploadsDir).catch(() => [] as string[]);
    // Objects, each with its `.meta.json` beside it (platform/storage/local-storage.ts); nothing else.
    const files = entries.filter((name) => isStorageKey(name));
    const strays = entries.filter(
      (name) => !isStorageKey(name) && !(name.endsWith('.meta.json') && isStorageKey(name.slice(0, -10))),
    );
    if (strays.length) problem(`${strays.length} stray files in storage, e.g. ${strays[0]}`);
    const storedFiles = new Set(files);
    const storedEntries = new Set(entries);
    for (const [name, doc] of documents) {
      if (!storedFiles.has(doc.fileName) || !storedEntries.has(`${doc.fileName}.meta.json`))
        problem(`file of document "${name}" is missing`);
      else if ((await stat(path.join(uploadsDir, doc.fileName))).size !== doc.size)
        problem(`file of document "${name}" has the wrong size`);
    }
    // Every upload was saved at once: a file no document names would be an orphan left by the run.
    const named = new Set(docs.map((doc) => doc.file_name));
    const orphans = files.filter((file) => !named.has(file));
    if (orphans.length) problem(`${orphans.length} stored files belong to no document, e.g. ${orphans[0]}`);

    // Events written by people: exactly the acknowledged ones, once each.
    const personEvents = await rows<{ title: string; company_id: string }>(
      "SELECT title, company_id FROM events WHERE category_slug <> 'system'",
    );
    const seenEvents = new Map<string, number>();
    for (const event of personEvents) {
      seenEvents.set(event.title, (seenEvents.get(event.title) ?? 0) + 1);
      const acked = events.get(event.title);
      if (!acked) problem(`event "${event.title}" was never acknowledged`);
      else if (acked.companyId !== event.company_id) problem(`event "${event.title}" is on another company`);
    }
    for (const [title, n] of seenEvents) if (n > 1) problem(`event "${title}" stored ${n} times`);
    for (const title of events.keys()) if (!seenEvents.has(title)) problem(`acknowledged event "${title}" is missing`);

    // The history the server writes in the same transactions: one "created" per company, one "added" per document.
    const systemCounts = await rows<{ code: string; n: number }>(
      "SELECT code, count(*)::int AS n FROM events WHERE category_slug = 'system' AND code IN ('companyCreated', 'documentAdded') GROUP BY code",
    );
    const systemCount = (code: string) => systemCounts.find((row) => row.code === code)?.n ?? 0;
    if (systemCount('companyCreated') !== companies.size) {
      problem(`${systemCount('companyCreated')} "company created" events for ${companies.size} companies`);
    }
    if (systemCount('documentAdded') !== documents.size) {
      problem(`${systemCount('documentAdded')} "document added" events for ${documents.size} documents`);
    }

    for (const marker of refusedMarkers) {
      const found = await db.query(
        `SELECT 1 FROM companies WHERE name LIKE '%' || $1 UNION ALL SELECT 1 FROM documents WHERE name = $1
         UNION ALL SELECT 1 FROM events WHERE title = $1`,
        [marker],
      );
      if (found.rowCount) problem(`refused write ${marker} is in the database`);
    }

    const saves = [...companies.values()].reduce((sum, c) => sum + c.saves, 0);
    return {
      problems,
      counts: {
        companies: stored.length,
        saves,
        documents: docs.length,
        files: files.length,
        events: personEvents.length,
        systemEvents: systemCount('companyCreated') + systemCount('documentAdded'),
      },
    };
  } finally {
    await db.end();
  }
}

/* ------------------------------------------------------------------------------------------------
 * The run
 * ---------------------------------------------------------------------------------------------- */

function rssMbOf(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const median = (values: number[]) => percentile(values, 50);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<number> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) throw new Error('DATABASE_URL is not set: run through scripts/with-postgres.ts (npm run test:soak)');

  // The real app serves the built SPA too; CI has built it already (browser tests), a bare clone has not.
  const webDist = path.join(ROOT, 'dist/web');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('[soak] building the SPA');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('npm run build failed');
  }

  const dbName = `atrium_soak_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-soak-'));
  let servers: ChildServer[] = [];
  let proxy: RoundRobinProxy | undefined;
  try {
    // Staff accounts, as e2e/serve.ts makes them: the migrated database, then the rows.
    const database = await openDatabase({ url: databaseUrl });
    await migrate(database, databaseUrl);
    await seedReferenceData(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `staff${i}@soak.example`);
    await database.db.insert(users).values(
      emails.map((email, i) => ({
        email,
        passwordHash,
        firstName: 'Staff',
        lastName: String(i),
        role: i === 0 ? ('admin' as const) : ('user' as const),
        confirmedAt: new Date(),
      })),
    );
    await database.close();

    if (PROCESSES === 1) {
      const server = await startChildServer({ dataDir, databaseUrl, env: { WEB_DIST: webDist } });
      servers = [server];
      origin = server.origin;
    } else {
      const cluster = await startAppCluster({ processes: PROCESSES, dataDir, databaseUrl, env: { WEB_DIST: webDist } });
      servers = cluster.processes;
      proxy = cluster.proxy;
      origin = cluster.origin;
    }
    console.log(
      `[soak] server pid ${servers.map((server) => server.pid).join(', ')} on ${origin}` +
        `${proxy ? ` (round-robin proxy over ${servers.map((server) => server.origin).join(', ')})` : ''}` +
        ` (PostgreSQL, local storage); ${CLIENTS} clients for ${SECONDS} s`,
    );

    const tokens: string[] = [];
    for (const email of emails) {
      const res = await fetch(`${origin}/api/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
      tokens.push(res.headers.get('authorization')!);
    }
    const lookup = async (url: string) => {
      const res = await fetch(`${origin}/api/${url}`, { headers: { authorization: tokens[0]! } });
      return ((await res.json()) as { data: Array<{ id: string }> }).data.map((row) => row.id);
    };
    const refs: Refs = {
      legalForm: (await lookup('legal_forms'))[0]!,
      status: (await lookup('statuses'))[0]!,
      activityArea: (await lookup('activity_areas'))[0]!,
      municipalities: (await lookup('municipalities')).slice(0, 50),
      funds: await lookup('contribution_funds'),
      documentCategory: (await lookup('documents/categories'))[0]!,
    };

    // One series of RSS samples per server process.
    const samplesOf = servers.map(() => [] as Array<{ s: number; mb: number; done: number }>);
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const sampler = setInterval(() => {
      servers.forEach((server, i) => {
        const mb = rssMbOf(server.pid);
        if (mb !== undefined) samplesOf[i]!.push({ s: (Date.now() - started) / 1000, mb, done: completed });
      });
    }, 1000);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, tokens[i % ACCOUNTS]!, refs, deadline)));
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;

    await proxy?.close();
    const stops = await Promise.all(
      servers.map((server) =>
        Promise.race([
          server.kill('SIGTERM'),
          new Promise<undefined>((resolve) => setTimeout(resolve, 20_000, undefined)),
        ]),
      ),
    );
    const serverOutput = servers.map((server) => server.output()).join('\n');
    const { problems, counts } = await verify(databaseUrl, path.join(dataDir, 'uploads'));

    // Summary
    const verdicts: string[] = [];
    let requests = 0;
    let fiveXx = 0;
    let other = 0;
    const histogram = new Map<string, number>();
    console.log(`\n[soak] ${CLIENTS} clients, ${elapsed.toFixed(1)} s\n`);
    console.log('kind                  requests   p50 ms   p99 ms   statuses');
    for (const [kind, byStatus] of [...statusesByKind].sort()) {
      const n = [...byStatus.values()].reduce((a, b) => a + b, 0);
      requests += n;
      for (const [status, count] of byStatus) {
        histogram.set(status, (histogram.get(status) ?? 0) + count);
        if (status.startsWith('5')) fiveXx += count;
        else if (!status.startsWith('2')) other += count;
      }
      const ms = latencies.get(kind) ?? [];
      const statuses = [...byStatus].map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(
        `${kind.padEnd(20)} ${String(n).padStart(9)} ${percentile(ms, 50).toFixed(0).padStart(8)} ${percentile(ms, 99).toFixed(0).padStart(8)}   ${statuses}`,
      );
    }
    console.log(
      `${'total'.padEnd(20)} ${String(requests).padStart(9)}   (${(requests / elapsed).toFixed(0)} requests/s)`,
    );
    console.log(
      `status histogram: ${[...histogram]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    if (fiveXx) verdicts.push(`${fiveXx} answers were 5xx`);
    if (other) verdicts.push(`${other} requests got neither a 2xx nor a 5xx (transport errors or 4xx)`);
    for (const failure of failures) console.log(`  ${failure}`);

    console.log(
      `writes verified in SQL: ${counts['companies']} companies created and ${counts['saves']} whole-graph saves, ` +
        `${counts['documents']} documents (${counts['files']} files in storage), ${counts['events']} events, ` +
        `${counts['systemEvents']} history entries written with them; ${refusedMarkers.length} refused writes checked absent`,
    );
    if (problems.length) verdicts.push(`${problems.length} problems with the stored writes`);
    for (const problem of problems) console.log(`  ${problem}`);

    servers.forEach((server, i) => {
      const samples = samplesOf[i]!;
      const name = servers.length > 1 ? `server ${i + 1} (pid ${server.pid})` : 'server';
      const rss = samples.map((sample) => sample.mb);
      const plateau = samples.filter((x) => x.s >= RSS_RULE.warmupS && x.s < RSS_RULE.plateauEndS).map((x) => x.mb);
      const last = samples.filter((x) => x.s >= SECONDS - RSS_RULE.lastS).map((x) => x.mb);
      console.log(
        `${name} RSS (MB), one sample a second: min ${Math.min(...rss).toFixed(0)}, max ${Math.max(...rss).toFixed(0)}`,
      );
      console.log(`  ${rss.map((mb) => mb.toFixed(0)).join(' ')}`);
      if (SECONDS >= RSS_RULE.plateauEndS + RSS_RULE.lastS && plateau.length && last.length) {
        const plateauMb = median(plateau);
        const bound = plateauMb + Math.max(plateauMb * RSS_RULE.ratio, RSS_RULE.floorMb);
        const lastMb = median(last);
        console.log(
          `RSS rule: plateau (median of ${RSS_RULE.warmupS}–${RSS_RULE.plateauEndS} s) ${plateauMb.toFixed(0)} MB, ` +
            `bound ${bound.toFixed(0)} MB; median of the last ${RSS_RULE.lastS} s ${lastMb.toFixed(0)} MB`,
        );
        if (lastMb > bound)
          verdicts.push(
            `${name} RSS grew: median ${lastMb.toFixed(0)} MB over the last ${RSS_RULE.lastS} s, above ${bound.toFixed(0)} MB`,
          );
      } else {
        console.log(`RSS rule: not applied to a run shorter than ${RSS_RULE.plateauEndS + RSS_RULE.lastS} s`);
      }

      const stop = stops[i];
      if (!stop) verdicts.push(`${name} did not exit within 20 s of SIGTERM`);
      else if (stop.code !== 0) verdicts.push(`${name} exited with ${stop.code ?? stop.signal} on SIGTERM`);
      else console.log(`SIGTERM: ${name} drained and exited 0`);
    });
    if (proxy) {
      console.log(`requests the proxy forwarded to each process: ${proxy.forwarded.join(', ')}`);
    }
    const errorLines = serverOutput.split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (errorLines.length) {
      verdicts.push(`the server logged ${errorLines.length} errors`);
      // Grouped by their reason (a failed query's cause, else its message), the query text left out.
      const reasons = new Map<string, number>();
      for (const line of errorLines) {
        let reason = line.slice(0, 200);
        try {
          const { err, msg } = JSON.parse(line) as {
            msg?: string;
            err?: { message?: string; cause?: { message?: string; code?: string } };
          };
          reason = `${msg ?? ''}: ${err?.cause ? `${err.cause.message} (${err.cause.code ?? 'no code'})` : (err?.message ?? '').slice(0, 200)}`;
        } catch {
          // not JSON: keep the start of the line
        }
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      for (const [reason, n] of reasons) console.log(`  ${n}× ${reason}`);
    }

    if (verdicts.length) {
      console.log(`\n[soak] FAILED: ${verdicts.join('; ')}`);
      return 1;
    }
    console.log('\n[soak] passed');
    return 0;
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await rm(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[soak] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
