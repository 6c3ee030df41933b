import { createBrowserRouter } from 'react-router';
import { RootLayout } from '@/app/layout/RootLayout';
import { PrivateRoute, PublicOnlyRoute } from '@/app/routes/guards';
import { NotFoundPage } from '@/app/routes/NotFoundPage';
import { RouteErrorPage } from '@/app/routes/RouteErrorPage';

/** Routes load their feature's code on first visit (code-split per feature). */
export const routes = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: () => import('@/features/home/routes').then((m) => m.homeRoute) },
      {
        path: 'dev/mailbox',
        lazy: () => import('@/features/dev-mailbox/routes').then((m) => m.mailboxRoute),
      },
      {
        path: 'oauth/:provider/callback',
        lazy: () => import('@/features/auth/routes').then((m) => m.oauthCallbackRoute),
      },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'login', lazy: () => import('@/features/auth/routes').then((m) => m.loginRoute) },
          { path: 'register', lazy: () => import('@/features/auth/routes').then((m) => m.registerRoute) },
          { path: 'register-lite', lazy: () => import('@/features/auth/routes').then((m) => m.registerLiteRoute) },
          { path: 'confirm-user', lazy: () => import('@/features/auth/routes').then((m) => m.confirmUserRoute) },
          { path: 'forgot-password', lazy: () => import('@/features/auth/routes').then((m) => m.forgotPasswordRoute) },
          {
            path: 'forgot-password/confirm',
            lazy: () => import('@/features/auth/routes').then((m) => m.resetPasswordRoute),
          },
          { path: 'set-password', lazy: () => import('@/features/auth/routes').then((m) => m.setPasswordRoute) },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            path: 'dashboard',
            lazy: () => import('@/features/dashboard/routes').then((m) => m.dashboardRoute),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
