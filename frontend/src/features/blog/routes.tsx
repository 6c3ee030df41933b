import type { DiscussionSlot } from '@/ui/discussion-slot';
import { lazyScreen } from '@/lib/lazy-screen';

export const blogListRoute = lazyScreen(() => import('./BlogListPage'), (m) => m.BlogListPage);
/** The post page with the discussion panel the router hands in. */
export const blogPostRoute = (Discussion: DiscussionSlot) =>
  lazyScreen(
    () => import('./BlogPostPage'),
    ({ BlogPostPage }) =>
      function BlogPostRoute() {
        return <BlogPostPage Discussion={Discussion} />;
      },
  );
