import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { RootLayout } from '@/app/layout/RootLayout';
import { PrivateRoute, PUBLIC_ONLY_HANDLE, PublicOnlyRoute } from '@/app/routes/guards';
import { NotFoundPage } from '@/ui/NotFoundPage';
import * as auth from '@/features/auth/routes';
import * as blog from '@/features/blog/routes';
import * as content from '@/features/content/routes';
import * as dashboard from '@/features/dashboard/routes';
import * as devMailbox from '@/features/dev-mailbox/routes';
import * as discussions from '@/features/discussions/routes';
import * as events from '@/features/events/routes';
import * as feed from '@/features/feed/routes';
import * as groups from '@/features/groups/routes';
import * as home from '@/features/home/routes';
import * as learning from '@/features/learning/routes';
import * as messages from '@/features/messages/routes';
import * as notifications from '@/features/notifications/routes';
import * as projects from '@/features/projects/routes';
import * as profile from '@/features/profile/routes';
import * as search from '@/features/search/routes';
import { RouteErrorPage } from '@/app/routes/RouteErrorPage';

// The bell and the messages button show only to signed-in members: their code (and the
// live channel's) loads with them.
const NotificationBell = lazyWhenOnline(() =>
  import('@/features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const MessagesButton = lazyWhenOnline(() =>
  import('@/features/messages/MessagesButton').then((m) => ({ default: m.MessagesButton })),
);

function HeaderAlerts() {
  return (
    <>
      <MessagesButton />
      <NotificationBell />
    </>
  );
}

/** Every route loads its screen's code on first visit (one chunk per screen). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout Alerts={HeaderAlerts} />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: home.homeRoute },
      {
        path: 'dev/mailbox',
        lazy: devMailbox.mailboxRoute,
      },
      {
        path: 'oauth/:provider/callback',
        lazy: auth.oauthCallbackRoute,
      },
      {
        element: <PublicOnlyRoute />,
        handle: PUBLIC_ONLY_HANDLE,
        children: [
          { path: 'login', lazy: auth.loginRoute },
          { path: 'register', lazy: auth.registerRoute },
          { path: 'register-lite', lazy: auth.registerLiteRoute },
          { path: 'forgot-password', lazy: auth.forgotPasswordRoute },
          {
            path: 'forgot-password/confirm',
            lazy: auth.resetPasswordRoute,
          },
          { path: 'set-password', lazy: auth.setPasswordRoute },
          { path: 'unlock-account', lazy: auth.unlockAccountRoute },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            path: 'choose-password',
            lazy: profile.choosePasswordRoute,
          },
          // The staff console; its layout answers "not found" to anyone who is not staff.
          { path: 'staff/*', lazy: lazyScreen(() => import('./routes/console'), (m) => m.Console) },
          {
            lazy: profile.personalizationHostRoute,
            children: [
              {
                path: 'dashboard',
                lazy: dashboard.dashboardRoute,
              },
              { path: 'feed', lazy: feed.feedRoute },
              { path: 'notifications', lazy: notifications.notificationsRoute },
              { path: 'messages', lazy: messages.messagesRoute },
              { path: 'messages/:id', lazy: messages.messagesRoute },
              { path: 'events', lazy: events.myEventsRoute },
              { path: 'certificates/:id', lazy: learning.quizRoute },
              {
                path: 'my-profile',
                lazy: profile.myProfileRoute,
                children: [
                  { index: true, lazy: profile.accountTabRoute },
                  {
                    path: 'edit-profile',
                    lazy: profile.editProfileTabRoute,
                  },
                  {
                    path: 'affiliations',
                    lazy: profile.affiliationsTabRoute,
                  },
                  {
                    path: 'notifications',
                    lazy: profile.notificationsTabRoute,
                  },
                  { path: 'pledges', lazy: projects.pledgesTabRoute },
                  { path: 'audit', lazy: profile.auditTrailTabRoute },
                  { path: 'api-tokens', lazy: profile.apiTokensTabRoute },
                  { path: 'following', lazy: discussions.followingTabRoute },
                ],
              },
              {
                path: 'personalization',
                lazy: profile.personalizationRoute,
              },
              { path: 'reroute', lazy: profile.rerouteRoute },
              {
                path: 'working-groups/create',
                lazy: groups.wizardRoute,
              },
              {
                path: 'working-groups/edit/:slug',
                lazy: groups.wizardRoute,
              },
              {
                path: 'group-updates/:groupId',
                lazy: groups.updatesRoute,
              },
              {
                path: 'group-updates/:groupId/:slug/add',
                lazy: groups.updateFormRoute,
              },
              {
                path: 'group-updates/:groupId/:slug/edit/:id',
                lazy: groups.updateFormRoute,
              },
              {
                path: 'working-groups/my',
                lazy: groups.myGroupsRoute,
              },
              {
                path: 'working-groups/my/joined',
                lazy: groups.myJoinedRoute,
              },
              {
                path: 'working-groups/my/applied',
                lazy: groups.myAppliedRoute,
              },
              { path: 'my-projects', lazy: projects.myProjectsRoute },
              { path: 'my-projects/:id/protocol', lazy: projects.protocolRegistrationRoute },
              { path: 'test-processor/onboarding/:id', lazy: projects.testOnboardingRoute },
              { path: 'submit-project', lazy: projects.wizardRoute },
              { path: 'submit-project/:id', lazy: projects.wizardRoute },
              { path: 'project-updates/add', lazy: projects.updateFormRoute },
              { path: 'project-updates/edit/:id', lazy: projects.updateFormRoute },
              { path: 'project-updates/:projectId', lazy: projects.updatesRoute },
            ],
          },
        ],
      },
      // Spec §2 lists these as public-only, but the member who asked for the link (a new
      // e-mail address, a university address) is usually signed in when they open it; the
      // token alone authorises the confirmation.
      { path: 'confirm-user', lazy: auth.confirmUserRoute },
      {
        path: 'confirm-university-email',
        lazy: profile.confirmUniversityEmailRoute,
      },
      { path: 'search', lazy: search.searchRoute },
      { path: 'working-groups', lazy: groups.landingRoute },
      { path: 'working-groups/list', lazy: groups.listRoute },
      {
        path: 'working-groups/:slug',
        // The group page shows the discussions feature's panel; the router composes the two.
        lazy: groups.detailRoute(discussions.DiscussionPanelSlot),
      },
      // Content pages (spec 2 §2): each route shows the CMS page with its slug.
      { path: 'about', lazy: content.pageRoute('about-us') },
      { path: 'our-model', lazy: content.pageRoute('our-model') },
      { path: 'press-and-media', lazy: content.pageRoute('press-and-media') },
      { path: 'get-involved', lazy: content.pageRoute('get-involved') },
      { path: 'meet-the-team', lazy: content.pageRoute('meet-the-team') },
      { path: 'faq', lazy: content.pageRoute('faqs') },
      { path: 'working-group-faq', lazy: content.pageRoute('working-group-faq') },
      { path: 'researcher-guide', lazy: content.pageRoute('collavidence-researcher-guide') },
      { path: 'scientific-review-committee', lazy: content.pageRoute('scientific-review-committee') },
      { path: 'working-groups/learn-more', lazy: content.pageRoute('learn-more-working-group') },
      { path: 'terms-of-use', lazy: content.pageRoute('terms-of-use') },
      { path: 'privacy-policy', lazy: content.pageRoute('privacy-policy') },
      { path: 'cookie-policy', lazy: content.pageRoute('cookie-policy') },
      { path: 'lgp-prize', lazy: content.prizePageRoute('lgp-prize') },
      { path: 'lgp-prize-page', lazy: content.prizePageRoute('lgp-prize-page') },
      { path: 'lpg-prize', ...content.lpgRedirectRoute },
      { path: 'lgp/*', lazy: content.lgpRoute },
      { path: 'pages/aspect-in-stroke/:slug', lazy: content.aspectRoute },
      { path: 'pages/*', lazy: content.cmsRoute },
      { path: 'certificates', lazy: learning.certificatesRoute },
      {
        path: 'certificates/verify/:code',
        lazy: learning.verifyRoute,
      },
      {
        path: 'certificates/verify',
        lazy: learning.verifyRoute,
      },
      { path: 'contact-us', lazy: content.contactRoute },
      { path: 'lecture-series', lazy: content.lecturesRoute },
      { path: 'lecture-series/:id', lazy: content.lectureRoute },
      { path: 'projects', lazy: projects.listRoute },
      // The project shows the discussions feature's panel; the router composes the two.
      { path: 'project/:slug', lazy: projects.projectRoute(discussions.DiscussionPanelSlot) },
      { path: 'project/:slug/protocol', lazy: projects.protocolRoute },
      { path: 'needs', lazy: projects.needsRoute },
      { path: 'results', lazy: projects.resultsTrackerRoute },
      { path: 'blog', lazy: blog.blogListRoute },
      {
        path: 'blog/:id',
        // The post shows the discussions feature's panel; the router composes the two.
        lazy: blog.blogPostRoute(discussions.DiscussionPanelSlot),
      },
      { path: 'profile/:id', lazy: profile.publicProfileRoute },
      { path: 'users/:id', lazy: profile.publicProfileRoute },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

