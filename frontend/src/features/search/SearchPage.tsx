import { alpha, Box, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { getSearchQueryKey, search } from '@/api/endpoints/system/system';
import type { SearchHit, SearchKind } from '@/api/model';
import { postDate } from '@/lib/dates';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { useUrlChoice, useUrlSearch } from '@/lib/useUrlState';
import { LoadMore } from '@/ui/LoadMore';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { SearchField } from '@/ui/SearchField';
import { KIND_LABELS, SEARCH_KINDS } from './kinds';

/** /search: everything the viewer may read, ranked, with the matching words marked. */
export function SearchPage() {
  usePageTitle('Search');
  const { text, setText, settled } = useUrlSearch(SEARCH_DEBOUNCE_MS, 'q');
  const [kind, setKind] = useUrlChoice<SearchKind | ''>('type', ['', ...SEARCH_KINDS], '');
  const query = { q: settled, type: kind || undefined };
  const pages = useInfiniteQuery({
    queryKey: [...getSearchQueryKey(query), 'pages'],
    queryFn: ({ pageParam }) => search({ ...query, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: settled !== '',
  });
  const hits = pages.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Search
      </Typography>
      <SearchField label="Search Cohort" value={text} onChange={setText} fullWidth autoFocus />
      <Stack direction="row" role="group" aria-label="Kind of result" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
        {(['', ...SEARCH_KINDS] as const).map((choice) => (
          <Chip
            key={choice || 'all'}
            label={choice ? KIND_LABELS[choice].many : 'Everything'}
            color={choice === kind ? 'primary' : 'default'}
            variant={choice === kind ? 'filled' : 'outlined'}
            aria-pressed={choice === kind}
            onClick={() => setKind(choice)}
          />
        ))}
      </Stack>
      {settled === '' && (
        <EmptyState>
          Type what you are looking for. Put a "phrase in quotes", -word to leave a word out, or "or" between alternatives.
        </EmptyState>
      )}
      {settled !== '' && pages.isPending && <Loading label="Searching" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && hits.length === 0 && <EmptyState>Nothing found for “{settled}”.</EmptyState>}
      <Stack component="ol" aria-label="Results" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {hits.map((hit) => (
          <Result key={`${hit.kind}-${hit.id}`} hit={hit} />
        ))}
      </Stack>
      <LoadMore pages={pages} />
    </Container>
  );
}

function Result({ hit }: { hit: SearchHit }) {
  return (
    <Box component="li">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" label={KIND_LABELS[hit.kind].one} />
        {hit.place && (
          <Typography variant="body2" color="text.secondary">
            {hit.place}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          · {postDate(hit.at)}
        </Typography>
      </Stack>
      <Link component={RouterLink} to={hit.route} variant="h6" underline="hover" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {hit.title}
      </Link>
      {hit.snippet.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {hit.snippet.map((part, index) =>
            part.hit ? (
              <Box component="mark" key={index} sx={{ bgcolor: (theme) => alpha(theme.palette.warning.main, 0.22), color: 'text.primary', fontWeight: 600, borderRadius: 0.5, px: 0.25 }}>
                {part.text}
              </Box>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </Typography>
      )}
    </Box>
  );
}
