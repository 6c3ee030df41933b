import { SearchKind } from '@/api/model';

/** Every kind, in the order the filter offers them (the contract's order). */
export const SEARCH_KINDS = Object.values(SearchKind);

/** How a kind is named on a result and on its filter. */
export const KIND_LABELS: Record<SearchKind, { one: string; many: string }> = {
  group: { one: 'Working group', many: 'Working groups' },
  topic: { one: 'Topic', many: 'Topics' },
  reply: { one: 'Reply', many: 'Replies' },
  blog_post: { one: 'Blog post', many: 'Blog posts' },
  lecture: { one: 'Lecture', many: 'Lectures' },
  profile: { one: 'Member', many: 'Members' },
  project: { one: 'Project', many: 'Projects' },
};
