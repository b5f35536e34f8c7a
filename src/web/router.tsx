import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { HomeRedirect, RequireAuth, RequireCompany, RequireGuest } from './components/guards';
import { ErrorPage, NotFoundPage, PageLoader } from './components/status-pages';
import { DocumentTitle, type ScreenHandle } from './components/document-title';
import { LoginPage } from './auth/login-page';
import { ForgotPasswordPage, ResendInvitationPage } from './auth/email-request-page';
import { loadMessages, type Part } from './i18n';
import { loadChunk } from './components/stale-build';

/**
 * Every route of docs/SPEC.md §2 with its guard. Pages are lazy-loaded so the sign-in page does not carry the
 * rest of the app. Paths match case-insensitively (react-router's default), so /Companies works.
 * A page names the catalog parts it shows beyond the frame's (`['servicing']`): they are fetched beside its
 * code, and it renders once both are there (docs/decisions/0030).
 */
const lazyPage = (
  load: () => Promise<{ default: React.ComponentType }>,
  parts: readonly Part[] = [],
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    // A chunk of an older build, gone after a deploy, is a StaleBuildError (docs/decisions/0049).
    const [page] = await loadChunk(() => Promise.all([load(), loadMessages(parts)]));
    return { Component: page.default };
  },
});
const titled = (title: ScreenHandle['title']): { handle: ScreenHandle } => ({ handle: { title } });

/**
 * The signed-in frame (top bar, drawer) is not needed to sign in. It is loaded when rendered, that is
 * once RequireAuth let the visit through: a route `lazy` would be fetched as soon as the path matches,
 * so a signed-out visit to an unknown path (matched by the frame's catch-all) would download it for nothing.
 * The signed-in screens' messages come with it (docs/decisions/0030).
 */
const AppLayout = lazy(() =>
  loadChunk(() => Promise.all([import('./components/app-layout'), loadMessages(['signedIn'])])).then(([m]) => ({
    default: m.AppLayout,
  })),
);
function SignedInFrame() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AppLayout />
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    element: <Root />,
    // Shown while the first screen's lazy code loads on a full page load (and silences react-router's
    // "No HydrateFallback element provided" warning).
    hydrateFallbackElement: <PageLoader />,
    children: [
      { element: <RequireGuest />, children: [{ path: '/login', element: <LoginPage />, ...titled('login') }] },
      // Signed-out pages that a link from an email opens; they work whoever is signed in.
      { path: '/passwords/forgot', element: <ForgotPasswordPage />, ...titled('forgotPassword') },
      { path: '/invitations/resend', element: <ResendInvitationPage />, ...titled('resendInvitation') },
      // The person in charge of personal information, public (Law 25, docs/decisions/0075).
      {
        path: '/privacy-officer',
        ...titled('privacy.officer.publicTitle'),
        ...lazyPage(() => import('./privacy/officer-public-page'), ['privacy']),
      },
      {
        path: '/passwords/reset',
        ...titled('resetPassword'),
        ...lazyPage(() => import('./auth/token-pages').then((m) => ({ default: m.ResetPasswordPage }))),
      },
      // The second step of a sign-in, reset or invitation (ADR 0035): reached with its challenge, whoever is signed in.
      {
        path: '/login/two-factor',
        ...titled('twoFactor.titles.secondFactor'),
        ...lazyPage(() => import('./account/second-factor-page'), ['twoFactor']),
      },
      {
        path: '/invitations/confirm',
        ...titled('confirmInvitation'),
        ...lazyPage(() => import('./auth/token-pages').then((m) => ({ default: m.ConfirmInvitationPage }))),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SignedInFrame />,
            children: [
              { path: '/', element: <HomeRedirect /> },
              { path: '/home', element: <HomeRedirect /> },
              {
                path: '/account',
                ...titled('account'),
                ...lazyPage(
                  () => import('./account/account-page').then((m) => ({ default: m.AccountPage })),
                  ['twoFactor', 'tasks'],
                ),
              },
              {
                path: '/notices',
                ...titled('notices.upcoming.title'),
                ...lazyPage(() => import('./notices/notices-page'), ['notices']),
              },
              {
                path: '/reports/fund_activity',
                ...titled('tasks.report.title'),
                ...lazyPage(() => import('./tasks/report-page'), ['tasks', 'decisions']),
              },
              {
                path: '/month-end',
                ...titled('accounting.page.title'),
                ...lazyPage(() => import('./accounting/month-end-page'), ['accounting']),
              },
              {
                path: '/month-end/accounts',
                ...titled('accounting.page.accounts'),
                ...lazyPage(() => import('./accounting/accounts-page'), ['accounting']),
              },
              {
                path: '/approvals',
                ...titled('controls.queue.title'),
                ...lazyPage(() => import('./controls/approvals-page'), ['controls', 'servicing']),
              },
              {
                path: '/reports/controls',
                ...titled('controls.journal.title'),
                ...lazyPage(() => import('./controls/journal-page'), ['controls']),
              },
              {
                path: '/tasks',
                ...titled('tasks.page.title'),
                ...lazyPage(() => import('./tasks/tasks-page'), ['tasks']),
              },
              {
                path: '/requests',
                ...titled('pipeline.titles.board'),
                ...lazyPage(() => import('./pipeline/board-page'), ['pipeline']),
              },
              {
                path: '/requests/new',
                ...titled('pipeline.titles.newRequest'),
                ...lazyPage(() => import('./pipeline/request-page'), ['pipeline', 'servicing', 'analyst', 'letters']),
              },
              {
                path: '/requests/:id',
                ...titled('pipeline.titles.request'),
                ...lazyPage(() => import('./pipeline/request-page'), ['pipeline', 'servicing', 'analyst', 'letters']),
              },
              {
                path: '/committee/meetings',
                ...titled('committee.meetings.title'),
                ...lazyPage(() => import('./committee/meetings-page'), ['pipeline', 'committee']),
              },
              {
                path: '/committee/meetings/:id',
                ...titled('committee.meetings.title'),
                ...lazyPage(() => import('./committee/meeting-page'), ['pipeline', 'committee', 'analyst']),
              },
              {
                path: '/committee/meetings/:id/minutes',
                ...titled('committee.meeting.minutes'),
                ...lazyPage(() => import('./committee/minutes-page'), ['pipeline', 'committee', 'analyst']),
              },
              { path: '/companies', ...titled('companies'), ...lazyPage(() => import('./companies/companies-page')) },
              {
                path: '/companies/new',
                ...titled('newCompany'),
                ...lazyPage(() => import('./companies/company-page'), ['decisions']),
              },
              {
                path: '/companies/:id',
                ...titled('company'),
                ...lazyPage(
                  () => import('./companies/company-page'),
                  ['servicing', 'pipeline', 'decisions', 'notices'],
                ),
              },
              {
                path: '/dashboard',
                ...titled('dashboard'),
                ...lazyPage(() => import('./portfolio/dashboard-page'), ['servicing']),
              },
              {
                path: '/portfolio/aging/:bucket',
                ...titled('servicing.portfolio.titles.agingLoans'),
                ...lazyPage(() => import('./portfolio/aging-loans-page'), ['servicing']),
              },
              {
                path: '/portfolio/deferral',
                ...titled('servicing.titles.deferral'),
                ...lazyPage(() => import('./servicing/deferral-page'), ['servicing', 'controls']),
              },
              {
                path: '/companies/:id/contributions/:contributionId',
                ...titled('servicing.titles.loan'),
                ...lazyPage(
                  () => import('./servicing/loan-page'),
                  ['servicing', 'decisions', 'guarantees', 'controls', 'letters'],
                ),
              },
              {
                path: '/companies/:id/contributions/:contributionId/schedule',
                ...titled('servicing.titles.schedule'),
                ...lazyPage(() => import('./servicing/schedule-page'), ['servicing']),
              },
              {
                path: '/companies/:id/contributions/:contributionId/statement',
                ...titled('servicing.titles.statement'),
                ...lazyPage(() => import('./servicing/statement-page'), ['servicing']),
              },
              {
                path: '/portfolio/guarantees',
                ...titled('guarantees.portfolio.title'),
                ...lazyPage(() => import('./guarantees/portfolio-page'), ['guarantees']),
              },
              {
                path: '/portfolio/import',
                ...titled('servicing.titles.import'),
                ...lazyPage(() => import('./servicing/import-page'), ['servicing']),
              },
              // A company's history or documents from its file or the search: made current, then opened.
              { path: '/companies/:id/events', ...lazyPage(() => import('./companies/open-as-current')) },
              { path: '/companies/:id/documents', ...lazyPage(() => import('./companies/open-as-current')) },
              {
                path: '/companies/:id/file',
                ...titled('companyFile'),
                ...lazyPage(() => import('./companies/company-file-page')),
              },
              {
                element: <RequireCompany />,
                children: [
                  {
                    path: '/documents',
                    ...titled('documents'),
                    ...lazyPage(() => import('./documents/documents-page')),
                  },
                  { path: '/events', ...titled('events'), ...lazyPage(() => import('./events/events-page')) },
                ],
              },
              {
                element: <RequireAuth roles={['admin']} />,
                children: [
                  { path: '/users', ...titled('users'), ...lazyPage(() => import('./users/users-page')) },
                  {
                    path: '/users/:id',
                    ...titled('user'),
                    ...lazyPage(() => import('./users/user-edit-page'), ['twoFactor', 'controls']),
                  },
                  {
                    path: '/invitations/invite',
                    ...titled('invite'),
                    ...lazyPage(() => import('./users/invite-page')),
                  },
                  { path: '/backups', ...titled('backups'), ...lazyPage(() => import('./backups/backups-page')) },
                  {
                    path: '/privacy',
                    ...titled('privacy.officer.publicTitle'),
                    ...lazyPage(() => import('./privacy/privacy-page'), ['privacy']),
                  },
                  {
                    path: '/portfolio/buckets',
                    ...titled('servicing.portfolio.titles.buckets'),
                    ...lazyPage(() => import('./portfolio/buckets-page'), ['servicing']),
                  },
                  {
                    path: '/portfolio/capital',
                    ...titled('servicing.portfolio.titles.capital'),
                    ...lazyPage(() => import('./portfolio/capital-page'), ['servicing']),
                  },
                  {
                    path: '/committees',
                    ...titled('committee.committees.title'),
                    ...lazyPage(() => import('./committee/committees-page'), ['pipeline', 'committee']),
                  },
                  {
                    path: '/checklist-templates',
                    ...titled('committee.templates.title'),
                    ...lazyPage(() => import('./committee/templates-page'), ['pipeline', 'committee']),
                  },
                  {
                    path: '/settings/notices',
                    ...titled('notices.settings.title'),
                    ...lazyPage(() => import('./notices/settings-page'), ['notices']),
                  },
                  {
                    path: '/settings/letters',
                    ...titled('letters.templates.title'),
                    ...lazyPage(() => import('./letters/templates-page'), ['letters']),
                  },
                  {
                    path: '/settings/approval_policy',
                    ...titled('controls.policy.title'),
                    ...lazyPage(() => import('./controls/policy-page'), ['controls']),
                  },
                  {
                    path: '/settings/security',
                    ...titled('twoFactor.titles.security'),
                    ...lazyPage(() => import('./users/security-settings-page'), ['twoFactor']),
                  },
                ],
              },
              { path: '/onboarding', element: <Navigate to="/companies" replace /> },
              { path: '*', element: <NotFoundPage />, ...titled('notFound') },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
