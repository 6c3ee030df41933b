import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetGroupQueryKey,
  getListGroupMembersQueryKey,
  getListInvitedMembersQueryKey,
  getListJoinRequestsQueryKey,
} from '@/api/endpoints/groups/groups';

/** Reloads what a membership change touches: the group (counts, flags) and its lists. */
export function useRefreshGroup(slug: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [
          getGetGroupQueryKey(slug),
          getListGroupMembersQueryKey(slug),
          getListJoinRequestsQueryKey(slug),
          getListInvitedMembersQueryKey(slug),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient, slug],
  );
}
