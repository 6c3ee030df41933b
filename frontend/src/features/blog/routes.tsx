import type { DiscussionSlot } from '@/ui/discussion-slot';
import { BlogListPage } from './BlogListPage';
import { BlogPostPage } from './BlogPostPage';

export const blogListRoute = { Component: BlogListPage };
/** The post page with the discussion panel the router hands in. */
export const blogPostRoute = (Discussion: DiscussionSlot) => ({ Component: () => <BlogPostPage Discussion={Discussion} /> });
