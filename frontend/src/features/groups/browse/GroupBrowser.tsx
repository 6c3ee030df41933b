import { FormControl, Grid, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useId } from 'react';
import { useAuth } from '@/lib/auth';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { useUrlParam, useUrlSearch } from '@/lib/useUrlState';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { GroupCard } from '../GroupCard';
import { type GroupOrdering, orderingOptions } from './ordering';
import { useGroupPages } from './useGroupPages';
import { LoadMore } from '@/ui/LoadMore';
import { SearchField } from '@/ui/SearchField';
import { TopicsSelect, useTopicsParam } from '@/ui/TopicsSelect';

/** The browse list: Topics, Sorted by, search, cards and Show me more. */
export function GroupBrowser() {
  const { isSignedIn } = useAuth();
  // Topics, order and search live in the address (shareable, kept on reload and Back).
  const [topics, setTopics] = useTopicsParam();
  const [orderingParam, setOrderingParam] = useUrlParam('ordering', '-created_at');
  // An order the address names but this visitor may not use (or a made-up one) is ignored.
  const ordering: GroupOrdering = orderingOptions(isSignedIn).some((o) => o.value === orderingParam)
    ? (orderingParam as GroupOrdering)
    : '-created_at';
  const { text: search, setText: setSearch, settled: settledSearch } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const pages = useGroupPages({
    ordering,
    tags: topics.length ? topics.join(',') : undefined,
    search: settledSearch || undefined,
  });
  const orderingLabel = useId();
  const groups = pages.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TopicsSelect value={topics} onChange={setTopics} />
        <FormControl sx={{ minWidth: 220 }}>
          <InputLabel id={orderingLabel}>Sorted by</InputLabel>
          <Select
            labelId={orderingLabel}
            label="Sorted by"
            value={ordering}
            onChange={(event) => setOrderingParam(event.target.value)}
          >
            {orderingOptions(isSignedIn).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SearchField value={search} onChange={setSearch} sx={{ flex: 1 }} />
      </Stack>
      {pages.isPending && <Loading />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && groups.length === 0 && <EmptyState>No working groups found</EmptyState>}
      {groups.length > 0 && (
        <Grid container spacing={3}>
          {groups.map((group, index) => (
            <Grid key={group.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <GroupCard group={group} priority={index === 0} />
            </Grid>
          ))}
        </Grid>
      )}
      <LoadMore pages={pages} />
    </Stack>
  );
}
