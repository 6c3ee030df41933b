import { QueryClient } from '@tanstack/react-query';

/** Spec §9 (document 1): no refetch on window focus, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
