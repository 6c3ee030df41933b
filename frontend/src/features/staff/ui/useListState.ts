import { useState } from 'react';
import { useDebounced } from '@/lib/useDebounced';

/** A console list's search box and page; a new search starts again from page 1. */
export function useListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 300);
  const setSearch = (next: string) => {
    setSearchText(next);
    setPage(1);
  };
  return { search, setSearch, query: debounced.trim() || undefined, page, setPage };
}
