import { useUrlPage, useUrlSearch } from '@/lib/useUrlState';

/**
 * A console list's search box and page, kept in the address (shareable, kept on reload and
 * Back); a new search starts again from page 1.
 */
export function useListState() {
  const { text: search, setText: setSearch, settled } = useUrlSearch(300);
  const [page, setPage] = useUrlPage();
  return { search, setSearch, query: settled || undefined, page, setPage };
}
