import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { ErrorState } from '@/ui/QueryState';
import { AuditPage } from './people/AuditPage';
import { UserPage } from './people/UserPage';
import { UsersPage } from './people/UsersPage';
import { BannersPage } from './content/BannersPage';
import { BlogCategoriesPage } from './content/BlogCategoriesPage';
import { BlogPostEditorPage } from './content/BlogPostEditorPage';
import { BlogPostsPage } from './content/BlogPostsPage';
import { LectureEditorPage } from './content/LectureEditorPage';
import { LecturesPage } from './content/LecturesPage';
import { MenusPage } from './content/MenusPage';
import { PageEditorPage } from './content/PageEditorPage';
import { PagesPage } from './content/PagesPage';
import { LookupsPage } from './catalogue/LookupsPage';
import { HomePage } from './HomePage';
import { MessagesPage } from './inbox/MessagesPage';
import { SignupsPage } from './inbox/SignupsPage';
import { AffiliationsPage } from './moderation/AffiliationsPage';
import { GroupReviewPage } from './moderation/GroupReviewPage';
import { GroupsPage } from './moderation/GroupsPage';
import { GroupUpdatesPage } from './moderation/GroupUpdatesPage';
import { QuizEditorPage } from './learning/QuizEditorPage';
import { QuizzesPage } from './learning/QuizzesPage';
import { StaffLayout } from './StaffLayout';

const PAGES: { path: string; Component: ComponentType }[] = [
  { path: 'groups', Component: GroupsPage },
  { path: 'groups/:id', Component: GroupReviewPage },
  { path: 'group-updates', Component: GroupUpdatesPage },
  { path: 'affiliations', Component: AffiliationsPage },
  { path: 'messages', Component: MessagesPage },
  { path: 'signups', Component: SignupsPage },
  { path: 'blog', Component: BlogPostsPage },
  { path: 'blog/:id', Component: BlogPostEditorPage },
  { path: 'blog-categories', Component: BlogCategoriesPage },
  { path: 'pages', Component: PagesPage },
  { path: 'pages/:id', Component: PageEditorPage },
  { path: 'menus', Component: MenusPage },
  { path: 'banners', Component: BannersPage },
  { path: 'lectures', Component: LecturesPage },
  { path: 'lectures/:id', Component: LectureEditorPage },
  { path: 'quizzes', Component: QuizzesPage },
  { path: 'quizzes/:id', Component: QuizEditorPage },
  { path: 'lookups', Component: LookupsPage },
  { path: 'users', Component: UsersPage },
  { path: 'users/:id', Component: UserPage },
  { path: 'audit', Component: AuditPage },
];

/** The console's pages under its layout (which turns away anyone who is not staff). */
function StaffConsole() {
  return (
    <StaffLayout>
      <Routes>
        <Route index element={<HomePage />} />
        {PAGES.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<ErrorState error={new ApiError(404, { message: 'Not found.' })} />} />
      </Routes>
    </StaffLayout>
  );
}

/** /staff/*. */
export const staffRoute = { Component: StaffConsole };
