import { staffScreen } from '@/ui/console/staffScreens';

/** The blog's console pages: posts and their categories. */
export const blogStaffPages = [
  staffScreen('blog', () => import('./BlogPostsPage'), (m) => m.BlogPostsPage),
  staffScreen('blog/:id', () => import('./BlogPostEditorPage'), (m) => m.BlogPostEditorPage),
  staffScreen('blog-categories', () => import('./BlogCategoriesPage'), (m) => m.BlogCategoriesPage),
];
