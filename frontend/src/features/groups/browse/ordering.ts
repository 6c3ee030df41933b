import type { ListGroupsParams } from '@/api/model';

export type GroupOrdering = NonNullable<ListGroupsParams['ordering']>;

/** Spec 2 §2: Newest, title, popular, and Recommended for you (signed in only). */
export function orderingOptions(signedIn: boolean): { value: GroupOrdering; label: string }[] {
  const options: { value: GroupOrdering; label: string }[] = [
    { value: '-created_at', label: 'Newest' },
    { value: 'title', label: 'Title' },
    { value: 'popular', label: 'Popular' },
  ];
  return signedIn ? [...options, { value: 'recommended', label: 'Recommended for you' }] : options;
}
