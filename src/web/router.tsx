import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { HomeRedirect, RequireAuth, RequireCompany, RequireGuest } from './components/guards';
import { ErrorPage, NotFoundPage } from './components/status-pages';
import { LoginPage } from './auth/login-page';
import { ForgotPasswordPage, ResendInvitationPage } from './auth/email-request-page';

/**
 * Every route of SPEC §2 with its guard. Pages are lazy-loaded so the sign-in page does not carry the
 * rest of the app. Paths match case-insensitively (react-router's default), so /Companies works.
 */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    element: <Outlet />,
    children: [
      { element: <RequireGuest />, children: [{ path: '/login', element: <LoginPage /> }] },
      // Signed-out pages that a link from an email opens; they work whoever is signed in.
      { path: '/passwords/forgot', element: <ForgotPasswordPage /> },
      { path: '/invitations/resend', element: <ResendInvitationPage /> },
      {
        path: '/passwords/reset',
        ...lazyPage(() => import('./auth/token-pages').then((m) => ({ default: m.ResetPasswordPage }))),
      },
      {
        path: '/invitations/confirm',
        ...lazyPage(() => import('./auth/token-pages').then((m) => ({ default: m.ConfirmInvitationPage }))),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The signed-in frame (top bar, drawer) is not needed to sign in: loaded with the first page behind it.
            lazy: async () => ({ Component: (await import('./components/app-layout')).AppLayout }),
            children: [
              { path: '/', element: <HomeRedirect /> },
              { path: '/home', element: <HomeRedirect /> },
              {
                path: '/account',
                ...lazyPage(() => import('./account/account-page').then((m) => ({ default: m.AccountPage }))),
              },
              { path: '/companies', ...lazyPage(() => import('./companies/companies-page')) },
              { path: '/companies/new', ...lazyPage(() => import('./companies/company-page')) },
              { path: '/companies/:id', ...lazyPage(() => import('./companies/company-page')) },
              {
                element: <RequireCompany />,
                children: [
                  { path: '/documents', ...lazyPage(() => import('./documents/documents-page')) },
                  { path: '/events', ...lazyPage(() => import('./events/events-page')) },
                ],
              },
              {
                element: <RequireAuth roles={['admin']} />,
                children: [
                  { path: '/users', ...lazyPage(() => import('./users/users-page')) },
                  { path: '/users/:id', ...lazyPage(() => import('./users/user-edit-page')) },
                  { path: '/invitations/invite', ...lazyPage(() => import('./users/invite-page')) },
                  { path: '/backups', ...lazyPage(() => import('./backups/backups-page')) },
                ],
              },
              { path: '/onboarding', element: <Navigate to="/companies" replace /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
