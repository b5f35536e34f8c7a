import net from 'node:net';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/rows';
import { fullCompany } from '../test/company-fixtures';
import { createCompany, pdfDocumentFields, upload, useCategoryIds } from '../test/document-fixtures';
import { PDF_BYTES } from '../test/images';
import { TEST_PASSWORD, useAuthHeaderOf, useLookupIds, useTestApp, useUser } from '../test/harness';

/**
 * Property-based tests (security issue): every write endpoint gets random and hostile JSON. Whatever
 * comes in, the answer is never a 5xx, always the JSON envelope; a refused request changes no row
 * anywhere; an accepted one reads back as stored. The number of runs is bounded so that the file stays
 * well under a minute on PGlite and on PostgreSQL.
 */

type Json = Record<string, unknown>;
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

const SQL = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)',
  "Robert'); DELETE FROM companies; --",
  '%_\\',
  '$1',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '<b>x</b>',
  '&lt;&amp;',
];
const UNICODE = [
  'Ŝtéphane Çôté',
  '\u202Eevil\u202C',
  'a\u200Bb\uFEFF',
  '😀'.repeat(500),
  '\uD800',
  '\u0000',
  'x\u0000y',
  '\r\n\t',
  '   ',
  '',
  'ｆｕｌｌ',
  '𝕏'.repeat(100),
];
const HUGE = ['x'.repeat(200_000), 'é'.repeat(60_000), '<'.repeat(100_000)];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL, ...HTML, ...UNICODE) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2024-02-30',
      '9999-99-99',
      '-1',
      '1e309',
      'NaN',
      '00000000-0000-0000-0000-000000000000',
    ),
  },
);

/**
 * A JSON value nested `depth` levels deep (arrays or objects), up to the body limit. It serialises as
 * that value but prints short, so that fast-check can report it.
 */
const deep = fc
  .tuple(fc.oneof(fc.integer({ min: 20, max: 40 }), fc.integer({ min: 1000, max: 150_000 })), fc.boolean())
  .map(([depth, arrays]) => ({
    // JSON.stringify would overflow the stack itself: a marker, replaced by the text in `serialise`.
    toJSON: () => `\u0001deep:${depth}:${arrays ? 'a' : 'o'}\u0001`,
    [fc.toStringMethod]: () => `deep(${depth}, ${arrays ? 'arrays' : 'objects'})`,
  }));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, 1.5, -0, 1e308) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: deep },
);

/** Every path into a valid body (objects and arrays), so that a mutation can reach nested parts. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown, remove: boolean): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
}

/** A valid body with one to three fields replaced by hostile values, removed, or an unknown one added. */
function mutated(valid: Json): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const change = fc.tuple(fc.constantFrom(...paths), hostileValue, fc.nat(9));
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body = structuredClone(valid);
    for (const [path, value, roll] of changes) {
      try {
        if (roll === 0) setAt(body, [path[0]!.toString() + '_extra'], value, false);
        else setAt(body, path, value, roll === 1);
      } catch {
        // The path vanished under an earlier change of the same body.
      }
    }
    return body;
  });
}

/** JSON text, with the deep values' markers expanded. */
function serialise(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /"\\u0001deep:(\d+):([ao])\\u0001"/g,
    (_, n: string, kind: string) => {
      const depth = Number(n);
      return kind === 'a'
        ? `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
    },
  );
}

/** What is sent: a JSON text (or, sometimes, a text that is not JSON at all). */
function bodies(valid: Json): fc.Arbitrary<{ raw: string; value: unknown }> {
  const asJson = (value: unknown) => ({ raw: serialise(value), value });
  return fc.oneof(
    { weight: 4, arbitrary: mutated(valid).map(asJson) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map(asJson) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(asJson) },
    { weight: 1, arbitrary: hostileValue.map(asJson) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(
          fc.constantFrom(...Object.keys(valid), '__proto__', 'constructor', 'id', 'lock_version'),
          hostileValue,
        )
        .map(asJson),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((raw) => ({ raw: `{${raw}`, value: undefined })) },
  );
}

let tables: string[];
let companyId: string;
let documentId: string;
let eventId: string;
const tried: Record<string, number> = {};

async function rowCounts(): Promise<Record<string, number>> {
  const union = sql.join(
    tables.map((name) => sql`SELECT ${name} AS name, count(*)::int AS n FROM ${sql.identifier(name)}`),
    sql` UNION ALL `,
  );
  const rows = await selectRows<{ name: string; n: number }>(t.database.db, union);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

const getJson = async (url: string, auth: { authorization: string }) => {
  const res = await t.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};

interface Endpoint {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  auth: () => Record<string, string>;
  valid: () => Promise<Json> | Json;
  /** What must not change when the request is refused, besides every table's row count. */
  snapshot?: () => Promise<unknown>;
  /** For accepted requests: the stored record, read back, equals the answer. */
  readBack?: (data: Json) => Promise<Json>;
}

const documentsUrl = () => `/api/companies/${companyId}/documents`;
const eventsUrl = () => `/api/companies/${companyId}/events`;
const documentOf = async (id: string) => {
  const list = await t.inject({ method: 'GET', url: `${documentsUrl()}?page[size]=50`, headers: adminAuth });
  return (list.json().data as Json[]).find((d) => d['id'] === id) ?? {};
};
/** Signed links change at each read: compare everything else. */
const withoutLinks = (doc: Json) => Object.fromEntries(Object.entries(doc).filter(([k]) => !k.endsWith('_url')));

const endpoints: Endpoint[] = [
  {
    name: 'POST /sign_in',
    method: 'POST',
    url: () => '/api/sign_in',
    auth: () => ({}),
    valid: () => ({ email: admin.email, password: TEST_PASSWORD }),
  },
  {
    name: 'POST /account',
    method: 'POST',
    url: () => '/api/account',
    auth: () => accountAuth,
    valid: () => ({
      locale: 'en',
      email: accountUser.email,
      first_name: 'Émilie',
      last_name: 'Tremblay',
      address: '',
      phone: '',
    }),
    snapshot: () => getJson('/api/user', accountAuth),
    readBack: () => getJson('/api/user', accountAuth),
  },
  {
    name: 'POST /invitations',
    method: 'POST',
    url: () => '/api/invitations',
    auth: () => adminAuth,
    valid: () => ({ email: `guest-${Date.now()}@example.com`, role: 'user' }),
    readBack: (data) => getJson(`/api/users/${String(data['id'])}`, adminAuth),
  },
  {
    name: 'POST /invitations/confirm',
    method: 'POST',
    url: () => '/api/invitations/confirm',
    auth: () => ({}),
    valid: () => ({
      token: 'a'.repeat(43),
      password: 'password!',
      password_confirmation: 'password!',
      first_name: 'A',
      last_name: 'B',
    }),
  },
  {
    name: 'POST /invitations/resend',
    method: 'POST',
    url: () => '/api/invitations/resend',
    auth: () => ({}),
    valid: () => ({ email: 'nobody@example.com' }),
  },
  {
    name: 'POST /passwords/forgot',
    method: 'POST',
    url: () => '/api/passwords/forgot',
    auth: () => ({}),
    valid: () => ({ email: 'nobody@example.com' }),
  },
  {
    name: 'POST /passwords/reset',
    method: 'POST',
    url: () => '/api/passwords/reset',
    auth: () => ({}),
    valid: () => ({ token: 'a'.repeat(43), password: 'password!', password_confirmation: 'password!' }),
  },
  {
    name: 'POST /companies',
    method: 'POST',
    url: () => '/api/companies',
    auth: () => adminAuth,
    valid: () => fullCompany(ids, { name: 'Fuzz inc.' }),
    readBack: (data) => getJson(`/api/companies/${String(data['id'])}`, adminAuth),
  },
  {
    name: 'PATCH /companies/:id',
    method: 'PATCH',
    url: () => `/api/companies/${companyId}`,
    auth: () => adminAuth,
    valid: async () => {
      const current = await getJson(`/api/companies/${companyId}`, adminAuth);
      return fullCompany(ids, { name: 'Fuzz target', lock_version: current['lock_version'] });
    },
    snapshot: () => getJson(`/api/companies/${companyId}`, adminAuth),
    readBack: () => getJson(`/api/companies/${companyId}`, adminAuth),
  },
  {
    name: 'POST /companies/:companyId/documents',
    method: 'POST',
    url: documentsUrl,
    auth: () => adminAuth,
    valid: async () =>
      pdfDocumentFields({
        name: 'Statuts',
        date: '2025-03-14',
        category_id: cats.incorporation,
        file_name: await upload(t, adminAuth, 'pdf', PDF_BYTES),
      }),
    readBack: async (data) => withoutLinks(await documentOf(String(data['id']))),
  },
  {
    name: 'PATCH /companies/:companyId/documents/:id',
    method: 'PATCH',
    url: () => `${documentsUrl()}/${documentId}`,
    auth: () => adminAuth,
    valid: () => ({ name: 'Version finale', date: '2024-12-31', category_id: cats.financial }),
    snapshot: async () => withoutLinks(await documentOf(documentId)),
    readBack: async () => withoutLinks(await documentOf(documentId)),
  },
  {
    name: 'POST /companies/:companyId/events',
    method: 'POST',
    url: eventsUrl,
    auth: () => adminAuth,
    valid: () => ({ category_slug: 'other', title: 'Rencontre', description: 'Notes', date: '2024-05-01' }),
    readBack: (data) => getJson(`${eventsUrl()}/${String(data['id'])}`, adminAuth),
  },
  {
    name: 'PATCH /companies/:companyId/events/:id',
    method: 'PATCH',
    url: () => `${eventsUrl()}/${eventId}`,
    auth: () => adminAuth,
    valid: () => ({ category_slug: 'other', title: 'Suivi', description: 'Notes', date: '2024-06-01' }),
    snapshot: () => getJson(`${eventsUrl()}/${eventId}`, adminAuth),
    readBack: () => getJson(`${eventsUrl()}/${eventId}`, adminAuth),
  },
  {
    name: 'PATCH /users/:id',
    method: 'PATCH',
    url: () => `/api/users/${target.id}`,
    auth: () => adminAuth,
    valid: async () => {
      const current = await getJson(`/api/users/${target.id}`, adminAuth);
      return { first_name: 'Nina', last_name: 'Roy', role: 'user', lock_version: current['lock_version'] };
    },
    snapshot: () => getJson(`/api/users/${target.id}`, adminAuth),
    readBack: () => getJson(`/api/users/${target.id}`, adminAuth),
  },
];

const t = useTestApp();
const ids = useLookupIds(t);
const cats = useCategoryIds(t);
const admin = useUser(t, { role: 'admin' });
const adminAuth = useAuthHeaderOf(t, admin);
const accountUser = useUser(t);
const accountAuth = useAuthHeaderOf(t, accountUser);
const target = useUser(t);
beforeAll(async () => {
  const names = await selectRows<{ table_name: string }>(
    t.database.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  // Bookkeeping that moves without the request under test: abuse counters count refused attempts (ADR 0013), the
  // set-up's document is read by a background job (ADR 0023), a periodic task may claim its turn (ADR 0027), and
  // a refused document discards the upload it named, with its place among the pending ones (ADR 0034 §7).
  // Every table of records is compared.
  const bookkeeping = new Set(['limit_counters', 'jobs', 'periodic_runs', 'pending_uploads']);
  tables = names.map((r) => r.table_name).filter((name) => !bookkeeping.has(name));
  companyId = await createCompany(t, adminAuth, 'Fuzz target');
  const doc = await t.inject({
    method: 'POST',
    url: documentsUrl(),
    headers: adminAuth,
    payload: await endpoints.find((e) => e.name.startsWith('POST /companies/:companyId/documents'))!.valid(),
  });
  expect(doc.statusCode, doc.body).toBe(201);
  documentId = doc.json().data.id as string;
  // The set-up document's text is read in the background (ADR 0023): done before its snapshot is compared.
  await t.app.jobs.drain();
  const event = await t.inject({
    method: 'POST',
    url: eventsUrl(),
    headers: adminAuth,
    payload: { category_slug: 'other', title: 'Cible', date: '2024-05-01' },
  });
  expect(event.statusCode, event.body).toBe(201);
  eventId = event.json().data.id as string;
});

afterAll(() => {
  // Figures for the README's Security section.
  console.info(`fuzz: hostile requests per endpoint ${JSON.stringify(tried)}`);
});

describe('hostile JSON on every write endpoint', () => {
  it.each(endpoints.map((e) => [e.name, e] as const))(
    '%s: no 5xx, always the envelope, nothing half-written',
    async (name, endpoint) => {
      const valid = await endpoint.valid();
      await fc.assert(
        fc.asyncProperty(bodies(valid), fc.constantFrom('fr', 'en'), async ({ raw }, locale) => {
          tried[name] = (tried[name] ?? 0) + 1;
          const countsBefore = await rowCounts();
          const before = await endpoint.snapshot?.();
          const res = await t.inject({
            method: endpoint.method,
            url: `${endpoint.url()}?locale=${locale}`,
            headers: { ...endpoint.auth(), 'content-type': 'application/json' },
            payload: raw,
          });
          expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(500);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const body = res.json() as Json;
          if (res.statusCode >= 400) {
            const errors = body['errors'] as Json;
            expect(typeof errors['code']).toBe('string');
            expect(typeof errors['message']).toBe('string');
            expect(res.body).not.toMatch(/\bat .+\.ts:\d+|Failed query|SELECT |INSERT |UPDATE /);
            expect(await rowCounts()).toEqual(countsBefore);
            if (endpoint.snapshot) expect(await endpoint.snapshot()).toEqual(before);
          } else if (res.statusCode !== 204) {
            expect(body).toHaveProperty('data');
            if (endpoint.readBack) {
              const data = body['data'] as Json;
              const stored = await endpoint.readBack(data);
              expect(stored).toEqual(endpoint.name.includes('documents') ? withoutLinks(data) : data);
            }
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
  );
});

describe('HTML and SQL are stored as text', () => {
  it.each(['<b>x</b>', '<script>alert(1)</script>', "'; DROP TABLE users; --", 'Ŝtéphane <i>&amp;</i> Çôté'])(
    'a company named %s reads back exactly as that string',
    async (name) => {
      const id = await createCompany(t, adminAuth, name);
      expect((await getJson(`/api/companies/${id}`, adminAuth))['name']).toBe(name);
      const list = await t.inject({
        method: 'GET',
        url: `/api/companies?filter[search]=${encodeURIComponent(name)}&page[size]=50`,
        headers: adminAuth,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json().data as Json[]).map((c) => c['name'])).toContain(name);
      expect(await rowCounts()).toMatchObject({ users: expect.any(Number) as number });
    },
  );
});

describe('findings of the fuzzing, pinned', () => {
  const post = (payload: string) =>
    t.inject({
      method: 'POST',
      url: '/api/companies?locale=en',
      headers: { ...adminAuth, 'content-type': 'application/json' },
      payload,
    });

  it('answers 400 for nesting that would overflow the stack (it was a 500)', async () => {
    for (const depth of [33, 5000, 150_000]) {
      const res = await post(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.code).toBe('bad_request');
    }
    // Brackets inside strings are text, not nesting.
    const res = await post(JSON.stringify(fullCompany(ids, { name: '['.repeat(100) })));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 400 for a NUL character, which PostgreSQL text cannot hold (it was a 500), and writes nothing', async () => {
    const before = await rowCounts();
    for (const body of [fullCompany(ids, { name: 'a\u0000b' }), { ...fullCompany(ids), ['x\u0000']: 1 }]) {
      const res = await post(JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 400 for a lone surrogate, which is no character and which jsonb refuses (it was a 500 on a document edit), and writes nothing', async () => {
    const before = await rowCounts();
    const document = withoutLinks(await documentOf(documentId));
    for (const name of ['\\ud800', 'a\\udc00b', '\\udbff']) {
      const raw = `{"name":"${name}","date":"2024-12-31","category_id":"${cats.incorporation}"}`;
      const res = await t.inject({
        method: 'PATCH',
        url: `${documentsUrl()}/${documentId}?locale=fr`,
        headers: { ...adminAuth, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.code).toBe('bad_request');
      expect((await post(`{"name":"${name}"}`)).statusCode).toBe(400);
    }
    // A well-formed pair (an emoji) is a character like any other.
    expect((await post(JSON.stringify(fullCompany(ids, { name: 'Café \ud83d\ude00' })))).statusCode).toBe(201);
    expect(withoutLinks(await documentOf(documentId))).toEqual(document);
    expect((await rowCounts())['documents']).toEqual(before['documents']);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Query strings and addresses: every list endpoint, hostile and out-of-range values.
 * ---------------------------------------------------------------------------------------------- */

const lists = () => [
  { name: 'companies', url: '/api/companies' },
  { name: 'users', url: '/api/users' },
  { name: 'documents', url: documentsUrl() },
  { name: 'events', url: eventsUrl() },
];
const LIST_NAMES = ['companies', 'users', 'documents', 'events'];

const OUT_OF_RANGE = ['2147483648', '-2147483649', '99999999999999999999', '1e309', '-1', '0', '1.5', 'NaN', '0x10'];
const queryValue = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((value) => value.length < 5000) },
  { weight: 2, arbitrary: fc.constantFrom(...OUT_OF_RANGE) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001b[31m', 'x\u007f', 'é\r\nLocation: x'),
  },
);
const queryName = fc.constantFrom(
  'filter[search]',
  'filter[archived]',
  'filter[status]',
  'filter[year]',
  'filter[category_id]',
  'filter[category_slug]',
  'filter[\u0000]',
  'page[number]',
  'page[size]',
  'sort',
  'locale',
  'x\u0000',
);
/** Lone surrogates cannot be percent-encoded as UTF-8: their raw escapes are sent among the broken ones. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encoded = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
/** Already percent-encoded: valid escapes of hostile values, and escapes that decode to nothing valid. */
const queryText = fc.oneof(
  { weight: 4, arbitrary: queryValue.map(encoded) },
  { weight: 1, arbitrary: fc.constantFrom('%ED%A0%80', '%FF', '%', '%C3', '%00', '%zz', '%E9t%E9') },
);
const queries = fc.array(fc.tuple(queryName, queryText), { minLength: 1, maxLength: 4 });

/** The envelope, never a 5xx, nothing internal. */
function expectEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (res.statusCode >= 400) {
    const errors = (JSON.parse(res.body) as Json)['errors'] as Json;
    expect(typeof errors['code']).toBe('string');
    expect(typeof errors['message']).toBe('string');
    expect(res.body).not.toMatch(/\bat .+\.ts:\d+|Failed query|SELECT |FST_ERR/);
  }
}

describe('hostile query strings on every list endpoint', () => {
  it.each(LIST_NAMES)('%s: no 5xx, always the envelope', async (name) => {
    const list = lists().find((l) => l.name === name)!;
    await fc.assert(
      fc.asyncProperty(queries, async (pairs) => {
        tried[`GET ${name}`] = (tried[`GET ${name}`] ?? 0) + 1;
        const query = pairs.map(([k, v]) => `${encoded(k)}=${v}`).join('&');
        const res = await t.inject({ method: 'GET', url: `${list.url}?${query}`, headers: adminAuth });
        expectEnvelope(res);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });

  it.each(LIST_NAMES)(
    '%s: a NUL or control character in the search is a 400 in the language asked (it was a 500)',
    async (name) => {
      const list = lists().find((l) => l.name === name)!;
      for (const [locale, message] of [
        ['en', 'The address of this request holds characters that are not allowed.'],
        ['fr', 'L’adresse de cette requête contient des caractères non permis.'],
      ] as const) {
        for (const search of ['\u0000', 'a\u0000b', 'tab\there']) {
          const res = await t.inject({
            method: 'GET',
            url: `${list.url}?locale=${locale}&filter[search]=${encodeURIComponent(search)}`,
            headers: adminAuth,
          });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toEqual({ code: 'bad_request', message });
        }
      }
    },
  );
});

describe('out-of-range numbers', () => {
  it('a lock_version beyond PostgreSQL integer on POST /account is a 422, and changes nothing (it was a 500)', async () => {
    const before = await getJson('/api/user', accountAuth);
    for (const lockVersion of [2147483648, 2 ** 53, 1e20]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/account?locale=en',
        headers: accountAuth,
        payload: {
          locale: 'en',
          email: accountUser.email,
          first_name: 'Zoé',
          last_name: 'Roy',
          lock_version: lockVersion,
        },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.code).toBe('validation_failed');
    }
    expect(await getJson('/api/user', accountAuth)).toEqual(before);
  });

  it('a lock_version beyond PostgreSQL integer on PATCH /users/:id is never a 5xx, and changes nothing', async () => {
    const before = await getJson(`/api/users/${target.id}`, adminAuth);
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}?locale=en`,
      headers: adminAuth,
      payload: { first_name: 'Nina', last_name: 'Roy', role: 'user', lock_version: 2147483648 },
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expectEnvelope(res);
    expect(await getJson(`/api/users/${target.id}`, adminAuth)).toEqual(before);
  });
});

describe('addresses Node or the router cannot read', () => {
  it.each([
    ['en', 'The address of this request holds characters that are not allowed.'],
    ['fr', 'L’adresse de cette requête contient des caractères non permis.'],
  ])(
    'a path that is not valid percent-encoding answers the envelope [%s] (it was Fastify’s own body)',
    async (locale, message) => {
      for (const path of ['/api/companies/%FF', '/api/companies/%E9t%C3', '/api/companies/%']) {
        const res = await t.inject({ method: 'GET', url: `${path}?locale=${locale}`, headers: adminAuth });
        expect(res.statusCode, res.body).toBe(400);
        expectEnvelope(res);
        expect(res.json()).toEqual({ errors: { code: 'bad_request', message } });
      }
    },
  );

  it('a raw non-ASCII byte in the request line answers the envelope (it was Node’s own body)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = (bytes: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let out = '';
        socket.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
        socket.write(bytes);
      });
    for (const target of [
      Buffer.from('/api/companies/\xff', 'latin1'),
      Buffer.from('/api/companies?filter[search]=\xff', 'latin1'),
    ]) {
      const answer = await raw(
        Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]),
      );
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body!)).toEqual({ errors: { code: 'bad_request', message: 'La requête est mal formée.' } });
    }
  });
});
