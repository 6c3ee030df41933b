import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetMeQueryKey } from '@/api/endpoints/auth/auth';

/** Re-reads the signed-in user after a change, so header, meter and tabs agree. */
export function useRefreshMe(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() }), [queryClient]);
}
