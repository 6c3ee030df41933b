import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { Pagination } from '@/api/model';

/**
 * Pages of a list for "Show me more": page 1 first, the next while there is one. A new
 * key (new filters) starts again at page 1.
 */
export function usePages<T extends { pagination: Pagination }>(queryKey: QueryKey, fetchPage: (page: number) => Promise<T>) {
  return useInfiniteQuery({
    queryKey: [...queryKey, 'pages'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.currentPage < last.pagination.total ? last.pagination.currentPage + 1 : undefined,
  });
}
