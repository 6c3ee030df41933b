import { createBrowserRouter } from 'react-router';
import { RootLayout } from '@/app/layout/RootLayout';
import { PrivateRoute, PublicOnlyRoute } from '@/app/routes/guards';
import { NotFoundPage } from '@/app/routes/NotFoundPage';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { RouteErrorPage } from '@/app/routes/RouteErrorPage';

/** Routes load their feature's code on first visit (code-split per feature). */
export const routes = [
  {
    element: <RootLayout Bell={NotificationBell} />,
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
          { path: 'unlock-account', lazy: () => import('@/features/auth/routes').then((m) => m.unlockAccountRoute) },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            path: 'choose-password',
            lazy: () => import('@/features/profile/routes').then((m) => m.choosePasswordRoute),
          },
          // The staff console; its layout answers "not found" to anyone who is not staff.
          { path: 'staff/*', lazy: () => import('@/features/staff/routes').then((m) => m.staffRoute) },
          {
            lazy: () => import('@/features/profile/routes').then((m) => m.personalizationHostRoute),
            children: [
              {
                path: 'dashboard',
                lazy: () => import('@/features/dashboard/routes').then((m) => m.dashboardRoute),
              },
              { path: 'feed', lazy: () => import('@/features/feed/routes').then((m) => m.feedRoute) },
              { path: 'certificates/:id', lazy: () => import('@/features/learning/routes').then((m) => m.quizRoute) },
              {
                path: 'my-profile',
                lazy: () => import('@/features/profile/routes').then((m) => m.myProfileRoute),
                children: [
                  { index: true, lazy: () => import('@/features/profile/routes').then((m) => m.accountTabRoute) },
                  {
                    path: 'edit-profile',
                    lazy: () => import('@/features/profile/routes').then((m) => m.editProfileTabRoute),
                  },
                  {
                    path: 'affiliations',
                    lazy: () => import('@/features/profile/routes').then((m) => m.affiliationsTabRoute),
                  },
                  {
                    path: 'notifications',
                    lazy: () => import('@/features/profile/routes').then((m) => m.notificationsTabRoute),
                  },
                ],
              },
              {
                path: 'personalization',
                lazy: () => import('@/features/profile/routes').then((m) => m.personalizationRoute),
              },
              { path: 'reroute', lazy: () => import('@/features/profile/routes').then((m) => m.rerouteRoute) },
              {
                path: 'working-groups/create',
                lazy: () => import('@/features/groups/routes').then((m) => m.wizardRoute),
              },
              {
                path: 'working-groups/edit/:slug',
                lazy: () => import('@/features/groups/routes').then((m) => m.wizardRoute),
              },
              {
                path: 'group-updates/:groupId',
                lazy: () => import('@/features/groups/routes').then((m) => m.updatesRoute),
              },
              {
                path: 'group-updates/:groupId/:slug/add',
                lazy: () => import('@/features/groups/routes').then((m) => m.updateFormRoute),
              },
              {
                path: 'group-updates/:groupId/:slug/edit/:id',
                lazy: () => import('@/features/groups/routes').then((m) => m.updateFormRoute),
              },
              {
                path: 'working-groups/my',
                lazy: () => import('@/features/groups/routes').then((m) => m.myGroupsRoute),
              },
              {
                path: 'working-groups/my/joined',
                lazy: () => import('@/features/groups/routes').then((m) => m.myJoinedRoute),
              },
              {
                path: 'working-groups/my/applied',
                lazy: () => import('@/features/groups/routes').then((m) => m.myAppliedRoute),
              },
            ],
          },
        ],
      },
      // Spec §2 lists it as public-only, but the member who asked for the link is usually
      // signed in when they open it; the token alone authorises the confirmation.
      {
        path: 'confirm-university-email',
        lazy: () => import('@/features/profile/routes').then((m) => m.confirmUniversityEmailRoute),
      },
      { path: 'working-groups', lazy: () => import('@/features/groups/routes').then((m) => m.landingRoute) },
      { path: 'working-groups/list', lazy: () => import('@/features/groups/routes').then((m) => m.listRoute) },
      {
        path: 'working-groups/:slug',
        // The group page shows the discussions feature's panel; the router composes the two.
        lazy: async () => {
          const [groups, discussions] = await Promise.all([
            import('@/features/groups/routes'),
            import('@/features/discussions/routes'),
          ]);
          return groups.detailRoute(discussions.discussionPanel);
        },
      },
      // Content pages (spec 2 §2): each route shows the CMS page with its slug.
      { path: 'about', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('about-us')) },
      { path: 'our-model', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('our-model')) },
      { path: 'press-and-media', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('press-and-media')) },
      { path: 'get-involved', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('get-involved')) },
      { path: 'meet-the-team', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('meet-the-team')) },
      { path: 'faq', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('faqs')) },
      { path: 'working-group-faq', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('working-group-faq')) },
      { path: 'researcher-guide', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('collavidence-researcher-guide')) },
      { path: 'scientific-review-committee', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('scientific-review-committee')) },
      { path: 'working-groups/learn-more', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('learn-more-working-group')) },
      { path: 'terms-of-use', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('terms-of-use')) },
      { path: 'privacy-policy', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('privacy-policy')) },
      { path: 'cookie-policy', lazy: () => import('@/features/content/routes').then((m) => m.pageRoute('cookie-policy')) },
      { path: 'lgp-prize', lazy: () => import('@/features/content/routes').then((m) => m.prizePageRoute('lgp-prize')) },
      { path: 'lgp-prize-page', lazy: () => import('@/features/content/routes').then((m) => m.prizePageRoute('lgp-prize-page')) },
      { path: 'lpg-prize', lazy: () => import('@/features/content/routes').then((m) => m.lpgRedirectRoute) },
      { path: 'lgp/*', lazy: () => import('@/features/content/routes').then((m) => m.lgpRoute) },
      { path: 'pages/aspect-in-stroke/:slug', lazy: () => import('@/features/content/routes').then((m) => m.aspectRoute) },
      { path: 'pages/*', lazy: () => import('@/features/content/routes').then((m) => m.cmsRoute) },
      { path: 'certificates', lazy: () => import('@/features/learning/routes').then((m) => m.certificatesRoute) },
      {
        path: 'certificates/verify/:code',
        lazy: () => import('@/features/learning/routes').then((m) => m.verifyRoute),
      },
      { path: 'contact-us', lazy: () => import('@/features/content/routes').then((m) => m.contactRoute) },
      { path: 'lecture-series', lazy: () => import('@/features/content/routes').then((m) => m.lecturesRoute) },
      { path: 'lecture-series/:id', lazy: () => import('@/features/content/routes').then((m) => m.lectureRoute) },
      { path: 'blog', lazy: () => import('@/features/blog/routes').then((m) => m.blogListRoute) },
      {
        path: 'blog/:id',
        // The post shows the discussions feature's panel; the router composes the two.
        lazy: async () => {
          const [blog, discussions] = await Promise.all([
            import('@/features/blog/routes'),
            import('@/features/discussions/routes'),
          ]);
          return blog.blogPostRoute(discussions.discussionPanel);
        },
      },
      { path: 'profile/:id', lazy: () => import('@/features/profile/routes').then((m) => m.publicProfileRoute) },
      { path: 'users/:id', lazy: () => import('@/features/profile/routes').then((m) => m.publicProfileRoute) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
