import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { ErrorState, Loading } from '@/ui/QueryState';
import { HomePage } from './HomePage';
import { StaffLayout } from './StaffLayout';

/** Each page of the console is its own chunk: the data grid and the editors load only where used. */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> =>
  lazy(async () => ({ default: pick(await load()) }));

const PAGES: { path: string; Component: LazyExoticComponent<ComponentType> }[] = [
  { path: 'groups', Component: page(() => import('./moderation/GroupsPage'), (m) => m.GroupsPage) },
  { path: 'groups/:id', Component: page(() => import('./moderation/GroupReviewPage'), (m) => m.GroupReviewPage) },
  { path: 'group-updates', Component: page(() => import('./moderation/GroupUpdatesPage'), (m) => m.GroupUpdatesPage) },
  { path: 'project-updates', Component: page(() => import('./moderation/ProjectUpdatesPage'), (m) => m.ProjectUpdatesPage) },
  { path: 'projects', Component: page(() => import('./moderation/ProjectsPage'), (m) => m.ProjectsPage) },
  { path: 'projects/:id/changes', Component: page(() => import('./moderation/ProjectChangesPage'), (m) => m.ProjectChangesPage) },
  { path: 'funding', Component: page(() => import('./funding/FundingQueuePage'), (m) => m.FundingQueuePage) },
  { path: 'funding/:id', Component: page(() => import('./funding/FundingFilePage'), (m) => m.FundingFilePage) },
  { path: 'reports', Component: page(() => import('./moderation/ReportsPage'), (m) => m.ReportsPage) },
  { path: 'affiliations', Component: page(() => import('./moderation/AffiliationsPage'), (m) => m.AffiliationsPage) },
  { path: 'messages', Component: page(() => import('./inbox/MessagesPage'), (m) => m.MessagesPage) },
  { path: 'signups', Component: page(() => import('./inbox/SignupsPage'), (m) => m.SignupsPage) },
  { path: 'blog', Component: page(() => import('./content/BlogPostsPage'), (m) => m.BlogPostsPage) },
  { path: 'blog/:id', Component: page(() => import('./content/BlogPostEditorPage'), (m) => m.BlogPostEditorPage) },
  { path: 'blog-categories', Component: page(() => import('./content/BlogCategoriesPage'), (m) => m.BlogCategoriesPage) },
  { path: 'pages', Component: page(() => import('./content/PagesPage'), (m) => m.PagesPage) },
  { path: 'pages/:id', Component: page(() => import('./content/PageEditorPage'), (m) => m.PageEditorPage) },
  { path: 'menus', Component: page(() => import('./content/MenusPage'), (m) => m.MenusPage) },
  { path: 'banners', Component: page(() => import('./content/BannersPage'), (m) => m.BannersPage) },
  { path: 'lectures', Component: page(() => import('./content/LecturesPage'), (m) => m.LecturesPage) },
  { path: 'lectures/:id', Component: page(() => import('./content/LectureEditorPage'), (m) => m.LectureEditorPage) },
  { path: 'quizzes', Component: page(() => import('./learning/QuizzesPage'), (m) => m.QuizzesPage) },
  { path: 'quizzes/:id', Component: page(() => import('./learning/QuizEditorPage'), (m) => m.QuizEditorPage) },
  { path: 'lookups', Component: page(() => import('./catalogue/LookupsPage'), (m) => m.LookupsPage) },
  { path: 'users', Component: page(() => import('./people/UsersPage'), (m) => m.UsersPage) },
  { path: 'users/new', Component: page(() => import('./people/NewUserPage'), (m) => m.NewUserPage) },
  { path: 'users/:id', Component: page(() => import('./people/UserPage'), (m) => m.UserPage) },
  { path: 'audit', Component: page(() => import('./people/AuditPage'), (m) => m.AuditPage) },
  { path: 'webhooks', Component: page(() => import('./platform/WebhooksPage'), (m) => m.WebhooksPage) },
];

/** The console's pages under its layout (which turns away anyone who is not staff). */
export function StaffConsole() {
  return (
    <StaffLayout>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<HomePage />} />
          {PAGES.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<ErrorState error={new ApiError(404, { message: 'Not found.' })} />} />
        </Routes>
      </Suspense>
    </StaffLayout>
  );
}
