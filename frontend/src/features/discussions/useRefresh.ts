import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getListDiscussionsQueryKey } from '@/api/endpoints/discussions/discussions';
import type { TopicType } from '@/ui/discussion-slot';

/** Reloads a target's topics and every reply list under them (Refresh, and after a change). */
export function useRefreshDiscussion(topicType: TopicType, targetId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getListDiscussionsQueryKey(topicType, targetId) }),
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/discussion/'),
        }),
      ]),
    [queryClient, topicType, targetId],
  );
}
