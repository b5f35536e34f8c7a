import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { TEST_SECRET, useTestApp } from '../../test/harness';
import { fullCompany, lookupIds } from '../../test/company-fixtures';
import type { Access } from './plugin';

/**
 * Every API route × every kind of caller → the expected answer. The matrix is written out by hand and
 * compared with the server's own route table: a route added without an entry here fails, and so does a
 * route whose declared access differs from what the matrix says.
 */
type Expected = Access | 'signed-url';

const MATRIX: Record<string, Expected> = {
  'GET /api/health': 'public',
  // The published contract and its reference page (ADR 0026): they describe the API, they do not open it.
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/theme/atrium.css': 'public',
  'POST /api/sign_in': 'public',
  'POST /api/passwords/forgot': 'public',
  'POST /api/passwords/reset': 'public',
  'POST /api/invitations/confirm': 'public',
  'POST /api/invitations/resend': 'public',
  // The second step of a sign-in: authorized by the proof of the password step in its body.
  'POST /api/sign_in/second_factor': 'public',
  // Public to the access hook, authorized by the HMAC signature of the link instead.
  'PUT /api/storage/:key': 'signed-url',
  'GET /api/storage/:key': 'signed-url',

  'GET /api/user': 'user',
  'POST /api/account': 'user',
  'POST /api/account/password': 'user',
  'POST /api/sign_out': 'user',
  'GET /api/account/two_factor': 'user',
  'DELETE /api/account/two_factor/totp': 'user',
  'POST /api/account/two_factor/recovery_codes': 'user',
  'DELETE /api/account/passkeys/:id': 'user',
  // Setting up a second factor: a session, or the proof of a password step that must set one up (ADR 0035).
  'POST /api/account/two_factor/totp': 'enrolment',
  'POST /api/account/two_factor/totp/confirm': 'enrolment',
  'POST /api/account/passkeys/options': 'enrolment',
  'POST /api/account/passkeys': 'enrolment',
  // The overseeing-user picker: active users' id and name only.
  'GET /api/users/options': 'user',
  'GET /api/municipalities': 'user',
  'GET /api/legal_forms': 'user',
  'GET /api/contribution_funds': 'user',
  'GET /api/activity_areas': 'user',
  'GET /api/statuses': 'user',
  'GET /api/warranties': 'user',
  'GET /api/documents/categories': 'user',
  'GET /api/companies': 'user',
  'GET /api/companies/:id': 'user',
  'POST /api/companies': 'user',
  'PATCH /api/companies/:id': 'user',
  'DELETE /api/companies/:id': 'user',
  'POST /api/companies/:id/restore': 'user',
  'POST /api/assets/s3_presigned_url': 'user',
  'GET /api/companies/:companyId/documents': 'user',
  'POST /api/companies/:companyId/documents': 'user',
  'PATCH /api/companies/:companyId/documents/:id': 'user',
  'DELETE /api/companies/:companyId/documents/:id': 'user',
  // Global search (ADR 0022): any signed-in user; user results are filtered inside, not refused.
  'GET /api/search': 'user',
  'GET /api/companies/similar': 'user',
  'GET /api/companies/:companyId/events': 'user',
  'GET /api/companies/:companyId/events/years': 'user',
  'GET /api/companies/:companyId/events/:id': 'user',
  'POST /api/companies/:companyId/events': 'user',
  'PATCH /api/companies/:companyId/events/:id': 'user',
  'DELETE /api/companies/:companyId/events/:id': 'user',

  'GET /api/dashboard': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/schedule': 'user',
  // Loan servicing (ADR 0036): the same rule as the company it belongs to, any signed-in user.
  'GET /api/companies/:companyId/loans': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/disbursements': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/disbursements': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/disbursements/:disbursementId/reverse': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/repayments': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/repayments': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/repayments/:repaymentId/reverse': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/statement': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/statement.csv': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/term_amendments': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/term_amendments': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/term_amendments/:amendmentId/reverse': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/write_off': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/write_off/undo': 'user',
  'GET /api/portfolio/term_amendments/bulk': 'user',
  'POST /api/portfolio/term_amendments/bulk': 'user',
  'POST /api/portfolio/term_amendments/bulk/:bulkActionId/reverse': 'user',
  'GET /api/portfolio/repayments/export.csv': 'user',
  'POST /api/portfolio/repayments/import': 'user',
  'GET /api/companies/export.csv': 'user',
  'GET /api/portfolio/export.csv': 'user',
  'GET /api/portfolio/arrears_aging': 'user',
  'GET /api/portfolio/arrears_aging/loans': 'user',
  'GET /api/portfolio/par': 'user',
  'GET /api/portfolio/collections': 'user',
  'GET /api/portfolio/funds': 'user',
  'PUT /api/portfolio/funds/:fundId': 'admin',
  'GET /api/delinquency_buckets': 'user',
  // The guarantees register (docs/decisions/0072): any staff reads and keeps it.
  'GET /api/companies/:companyId/financial_contributions/:id/guarantees': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/guarantees': 'user',
  'GET /api/companies/:companyId/financial_contributions/:id/guarantees/:guaranteeId': 'user',
  'PATCH /api/companies/:companyId/financial_contributions/:id/guarantees/:guaranteeId': 'user',
  'DELETE /api/companies/:companyId/financial_contributions/:id/guarantees/:guaranteeId': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/guarantees/:guaranteeId/release': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/guarantees/:guaranteeId/asset_sold': 'user',
  'GET /api/portfolio/guarantees': 'user',
  'GET /api/portfolio/guarantees.csv': 'user',
  'PUT /api/delinquency_buckets': 'admin',
  // Tasks (ADR 0041): each sees their own; the administrators' queue is checked in the handler (403).
  'GET /api/tasks': 'user',
  'POST /api/tasks': 'user',
  'PATCH /api/tasks/:id': 'user',
  'GET /api/reports/fund_activity': 'user',
  'GET /api/reports/fund_activity.csv': 'user',
  // Month-end (docs/decisions/0070, 0071): staff read, administrators act.
  'GET /api/funds/:id/accounts': 'user',
  'PUT /api/funds/:id/accounts': 'admin',
  'GET /api/accounting/journal/preview': 'user',
  'GET /api/accounting/journal': 'admin',
  'GET /api/accounting/accrued_interest': 'user',
  'GET /api/accounting/accrued_interest.csv': 'user',
  'POST /api/accounting/accrued_interest': 'admin',
  'GET /api/accounting/periods': 'user',
  'POST /api/accounting/periods/close': 'admin',
  'POST /api/accounting/periods/reopen': 'admin',
  // Reminders (docs/decisions/0044): one's own settings and calendar link; the feed's secret link is its key.
  'GET /api/account/notification_settings': 'user',
  'PUT /api/account/notification_settings': 'user',
  'POST /api/account/calendar_token': 'user',
  'GET /api/calendar/:token.ics': 'public',
  // Company contacts and notices to borrowers (docs/decisions/0073): staff manage contacts, see and hold sends;
  // administrators set a fund's notices and the texts.
  'GET /api/companies/:companyId/contacts': 'user',
  'POST /api/companies/:companyId/contacts': 'user',
  'PATCH /api/companies/:companyId/contacts/:id': 'user',
  'DELETE /api/companies/:companyId/contacts/:id': 'user',
  'PUT /api/companies/:id/notice_hold': 'user',
  'GET /api/funds/:id/notice_settings': 'user',
  'PUT /api/funds/:id/notice_settings': 'admin',
  'GET /api/notice_templates/:kind': 'user',
  'PUT /api/notice_templates/:kind': 'admin',
  'POST /api/notice_templates/:kind/preview': 'admin',
  'GET /api/notices/upcoming': 'user',
  'GET /api/notices': 'user',

  'POST /api/invitations': 'admin',
  // docs/SPEC.md §6: accounts are private to administrators.
  'GET /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/restore': 'admin',
  'POST /api/users/:id/reinvite': 'admin',
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'GET /api/backups/:id/download': 'admin',
  // The protection of personal information (docs/decisions/0075): administrators only, but the officer's contact.
  'GET /api/privacy/officer': 'public',
  'PUT /api/privacy/officer': 'admin',
  'GET /api/privacy/incidents': 'admin',
  'POST /api/privacy/incidents': 'admin',
  'GET /api/privacy/incidents.csv': 'admin',
  'GET /api/privacy/incidents/:id': 'admin',
  'PATCH /api/privacy/incidents/:id': 'admin',
  'DELETE /api/privacy/incidents/:id': 'admin',
  'GET /api/privacy/retention_rules': 'admin',
  'PUT /api/privacy/retention_rules': 'admin',
  'GET /api/privacy/destruction_due': 'admin',
  'POST /api/privacy/destructions': 'admin',
  'GET /api/privacy/destructions': 'admin',
  'GET /api/privacy/requests': 'admin',
  'POST /api/privacy/requests': 'admin',
  'PATCH /api/privacy/requests/:id': 'admin',
  'GET /api/privacy/people': 'admin',
  'GET /api/privacy/people/:kind/:id/export': 'admin',
  'GET /api/users/:id/two_factor': 'admin',
  'POST /api/users/:id/two_factor/reset': 'admin',
  'GET /api/settings/security': 'admin',
  'PATCH /api/settings/security': 'admin',
  // Funding requests and the committee (ADR 0040): any staff reads and works them, the finer rules (assignee,
  // member's own vote) are the routes' and tested in src/server/pipeline; templates, committees, meetings,
  // attendance and decisions are the administrators'.
  'GET /api/funding_requests': 'user',
  'POST /api/funding_requests': 'user',
  'GET /api/funding_requests/:id': 'user',
  'PATCH /api/funding_requests/:id': 'user',
  'POST /api/funding_requests/:id/transitions': 'user',
  'GET /api/funding_requests/:id/checklist': 'user',
  'PATCH /api/funding_requests/:id/checklist/:itemId': 'user',
  'GET /api/checklist_templates': 'user',
  'PUT /api/checklist_templates': 'admin',
  'GET /api/letter_templates': 'user',
  'POST /api/letter_templates': 'admin',
  'GET /api/letter_templates/:id': 'user',
  'GET /api/letter_templates/:id/file': 'user',
  'DELETE /api/letter_templates/:id': 'admin',
  'GET /api/companies/:companyId/letters': 'user',
  'POST /api/companies/:companyId/letters': 'user',
  'POST /api/companies/:companyId/letters/:id/sent': 'user',
  'POST /api/companies/:companyId/letters/:id/signed': 'user',
  'GET /api/letter_settings': 'user',
  'PUT /api/letter_settings': 'admin',
  'GET /api/funds/:id/aid_ceiling': 'user',
  'PUT /api/funds/:id/aid_ceiling': 'admin',
  'GET /api/funds/:id/approval_policy': 'user',
  'PUT /api/funds/:id/approval_policy': 'admin',
  'GET /api/approvals': 'user',
  'POST /api/approvals/:id/approve': 'user',
  'POST /api/approvals/:id/reject': 'user',
  'POST /api/approvals/:id/cancel': 'user',
  'POST /api/companies/:companyId/financial_contributions/:id/authorized_increase': 'admin',
  'GET /api/reports/controls': 'user',
  'GET /api/reports/controls.csv': 'user',
  'GET /api/committees': 'user',
  'POST /api/committees': 'admin',
  'PUT /api/committees/:id': 'admin',
  'GET /api/committee_meetings': 'user',
  'GET /api/committee_meetings/:id': 'user',
  'POST /api/committee_meetings': 'admin',
  'PUT /api/committee_meetings/:id/attendance': 'admin',
  'POST /api/committee_meetings/:id/agenda_items/:itemId/conflicts': 'user',
  'PUT /api/committee_meetings/:id/agenda_items/:itemId/votes': 'user',
  'POST /api/committee_meetings/:id/agenda_items/:itemId/decision': 'admin',
  'PATCH /api/decision_conditions/:id': 'user',
};

type Caller = 'signedOut' | 'user' | 'admin' | 'disabledUser' | 'tamperedToken' | 'expiredToken' | 'foreignSecret';
const CALLERS: Caller[] = [
  'signedOut',
  'user',
  'admin',
  'disabledUser',
  'tamperedToken',
  'expiredToken',
  'foreignSecret',
];

let headers: Record<Caller, Record<string, string>>;
let companyId: string;
/** Signing out ends the session it names: that route gets sessions of its own, the others keep theirs. */
let freshSession: Partial<Record<Caller, () => Promise<Record<string, string>>>>;

const t = useTestApp();
beforeAll(async () => {
  const user = await t.createUser({ role: 'user' });
  const admin = await t.createUser({ role: 'admin' });
  const disabled = await t.createUser({ role: 'admin', disabledAt: new Date() });
  const created = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers: await t.authHeader(admin),
    payload: fullCompany(await lookupIds(t.database.db)),
  });
  companyId = created.json().data.id;
  freshSession = { user: () => t.authHeader(user), admin: () => t.authHeader(admin) };
  const sign = (secret: string, expiresAt: number | string) =>
    new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));
  const good = (await t.authHeader(admin)).authorization.slice('Bearer '.length);
  const [head, , signature] = good.split('.');
  const forged = Buffer.from(JSON.stringify({ sub: admin.id, ver: 0, exp: 9_999_999_999 })).toString('base64url');
  headers = {
    signedOut: {},
    user: await t.authHeader(user),
    admin: await t.authHeader(admin),
    disabledUser: await t.authHeader(disabled),
    tamperedToken: { authorization: `Bearer ${head}.${forged}.${signature}` },
    expiredToken: { authorization: `Bearer ${await sign(TEST_SECRET, Math.floor(Date.now() / 1000) - 60)}` },
    foreignSecret: { authorization: `Bearer ${await sign('another-secret-another-secret-another-secret!', '1h')}` },
  };
});

const key = (method: string, url: string) => `${method} ${url}`;

function concreteUrl(url: string): string {
  return url.replace(':companyId', companyId).replace(':id', randomUUID()).replace(':key', 'nothing-here.pdf');
}

function expectedStatus(expected: Expected, caller: Caller): (status: number) => boolean {
  const below500 = (s: number) => s < 500;
  if (expected === 'public') return (s) => below500(s) && s !== 401 && s !== 403;
  if (expected === 'signed-url') return (s) => s >= 400 && s < 500;
  // Without a proof in the bearer, an enrolment route is a signed-in route.
  if (expected === 'enrolment') expected = 'user';
  if (caller === 'user') return expected === 'admin' ? (s) => s === 403 : (s) => below500(s) && s !== 401 && s !== 403;
  if (caller === 'admin') return (s) => below500(s) && s !== 401 && s !== 403;
  return (s) => s === 401;
}

describe('authorization matrix', () => {
  it('has an entry for every API route, with the access level the route declares', () => {
    const table = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const fromRoutes = Object.fromEntries(table.map((r) => [key(r.method, r.url), r.access]));
    expect(Object.keys(fromRoutes).sort()).toEqual(Object.keys(MATRIX).sort());
    for (const [route, expected] of Object.entries(MATRIX)) {
      expect(fromRoutes[route], route).toBe(expected === 'signed-url' ? 'public' : expected);
    }
  });

  it.each(Object.entries(MATRIX))('%s answers each kind of caller as expected', async (route, expected) => {
    const [method, url] = route.split(' ') as [string, string];
    for (const caller of CALLERS) {
      const res = await t.inject({
        method: method as 'GET',
        url: concreteUrl(url),
        headers:
          route === 'POST /api/sign_out' ? ((await freshSession[caller]?.()) ?? headers[caller]) : headers[caller],
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(
        expectedStatus(expected, caller)(res.statusCode),
        `${route} as ${caller}: ${res.statusCode} ${res.body}`,
      ).toBe(true);
      if (res.statusCode === 401) expect(res.json().errors.code).toMatch(/unauthorized|invalid_credentials/);
    }
  });
});
