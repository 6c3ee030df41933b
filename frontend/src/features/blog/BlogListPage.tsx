import { Container, FormControl, Grid, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { getListBlogPostsQueryKey, listBlogPosts, useListBlogCategories } from '@/api/endpoints/content/content';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { useUrlSearch } from '@/lib/useUrlState';
import { usePages } from '@/lib/usePages';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { BlogCard } from './BlogCard';
import { LoadMore } from '@/ui/LoadMore';
import { SearchField } from '@/ui/SearchField';

/** Spec 2 §9: the blog list shows 9 a page. */
export const BLOG_PAGE_SIZE = 9;

/** Category ids from the query string's comma list. */
export function categoriesFrom(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map((id) => Number(id))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** /blog (spec 2 §2): categories kept in the query string, debounced search, Show me more. */
export function BlogListPage() {
  usePageTitle('Blog');
  const [params, setParams] = useSearchParams();
  const selected = categoriesFrom(params.get('categories'));
  const { text: search, setText: setSearch, settled } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const categories = useListBlogCategories();
  const labelId = useId();
  const query = {
    perPage: BLOG_PAGE_SIZE,
    ordering: '-created_at' as const,
    search: settled || undefined,
    categories: selected.length ? selected.join(',') : undefined,
  };
  const pages = usePages(getListBlogPostsQueryKey(query), (page) => listBlogPosts({ ...query, page }));
  const posts = pages.data?.pages.flatMap((page) => page.data) ?? [];

  useEffect(() => {
    // Spec 2 §8: a failed blog list is only logged.
    if (pages.isError) console.error('blog list failed', pages.error);
  }, [pages.isError, pages.error]);

  const choose = (ids: number[]) =>
    setParams(
      (current) => {
        if (ids.length) current.set('categories', ids.join(','));
        else current.delete('categories');
        return current;
      },
      { replace: true },
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Blog
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormControl sx={{ minWidth: 260 }}>
          <InputLabel id={labelId}>Categories</InputLabel>
          <Select
            labelId={labelId}
            label="Categories"
            multiple
            value={selected}
            onChange={(event) => choose(event.target.value as number[])}
            renderValue={(ids) => ids.map((id) => categories.data?.data.find((c) => c.id === id)?.name ?? id).join(', ')}
          >
            {(categories.data?.data ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {category.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SearchField value={search} onChange={setSearch} sx={{ flex: 1 }} />
      </Stack>
      {pages.isPending && <Loading />}
      {/* A failure is logged (spec 2 §8) and never passed off as "nothing here": the reader can retry. */}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && posts.length === 0 && <EmptyState>No blog posts found</EmptyState>}
      <Grid container spacing={3}>
        {posts.map((post, index) => (
          <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <BlogCard post={post} priority={index === 0} />
          </Grid>
        ))}
      </Grid>
      <LoadMore pages={pages} />
    </Container>
  );
}
