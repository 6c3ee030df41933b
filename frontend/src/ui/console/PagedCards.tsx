import { Pagination, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import type { Pagination as PageBlock } from './ServerGrid';

interface Props<Item> {
  query: {
    data?: { data: Item[]; pagination: PageBlock };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  children: (item: Item) => ReactNode;
}

/** A queue shown as cards (messages, updates): loading, error and empty states, then pages. */
export function PagedCards<Item>({ query, perPage, page, onPage, empty, children }: Props<Item>) {
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  const pages = Math.ceil(query.data.pagination.count / perPage);
  return (
    <Stack spacing={2}>
      {query.data.data.map(children)}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, next) => onPage(next)} />}
    </Stack>
  );
}
