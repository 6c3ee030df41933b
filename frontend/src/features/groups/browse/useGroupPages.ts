import { getListGroupsQueryKey, listGroups } from '@/api/endpoints/groups/groups';
import type { ListGroupsParams } from '@/api/model';
import { usePages } from '@/lib/usePages';

/** Spec 2 §9: the browse list loads 9 groups a page. */
export const GROUPS_PER_PAGE = 9;

/** Pages of the browse list; new filters start again at page 1 (a new query key). */
export function useGroupPages(filters: Omit<ListGroupsParams, 'page' | 'perPage'>) {
  const params = { ...filters, perPage: GROUPS_PER_PAGE };
  return usePages(getListGroupsQueryKey(params), (page) => listGroups({ ...params, page }));
}
