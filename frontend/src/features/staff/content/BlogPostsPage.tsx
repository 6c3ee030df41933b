import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStaffListBlogPosts } from '@/api/endpoints/staff/staff';
import type { StaffBlogPostRow } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { SearchField } from '../ui/SearchField';
import { ServerGrid } from '../ui/ServerGrid';
import { StaffPage } from '../ui/StaffPage';
import { useListState } from '../ui/useListState';

const columns: GridColDef<StaffBlogPostRow>[] = [
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 220 },
  {
    field: 'published',
    headerName: 'State',
    minWidth: 110,
    renderCell: ({ row }) => (
      <Chip size="small" color={row.published ? 'success' : 'default'} label={row.published ? 'Published' : 'Draft'} />
    ),
  },
  { field: 'date', headerName: 'Date', minWidth: 150, valueFormatter: (value: string) => dateTime(value) },
  { field: 'updated_at', headerName: 'Updated', minWidth: 150, valueFormatter: (value: string) => dateTime(value) },
];

type Filter = 'all' | 'published' | 'drafts';

/** /staff/blog: every post, drafts included. */
export function BlogPostsPage() {
  const navigate = useNavigate();
  const list = useListState();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useStaffListBlogPosts({
    search: list.query,
    published: filter === 'all' ? undefined : filter === 'published',
    page: list.page,
  });
  return (
    <StaffPage
      title="Blog posts"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/staff/blog/new">
          New post
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField value={list.search} onChange={list.setSearch} />
        <TextField
          select
          size="small"
          label="Show"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            list.setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All posts</MenuItem>
          <MenuItem value="published">Published</MenuItem>
          <MenuItem value="drafts">Drafts</MenuItem>
        </TextField>
      </Stack>
      <ServerGrid
        label="Blog posts"
        rows={query.data?.data}
        columns={columns}
        pagination={query.data?.pagination}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        onPage={list.setPage}
        empty="No blog posts yet."
        onRowClick={(row) => void navigate(`/staff/blog/${row.id}`)}
      />
    </StaffPage>
  );
}
