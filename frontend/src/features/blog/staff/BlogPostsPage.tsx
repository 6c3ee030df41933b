import { Chip, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useStaffListBlogPosts } from '@/api/endpoints/content-staff/content-staff';
import type { StaffBlogPostRow } from '@/api/model';
import { RecordList } from '@/ui/console/RecordList';
import { useListState } from '@/ui/console/useListState';
import { useUrlChoice } from '@/lib/useUrlState';
import { dateColumn } from '@/ui/console/dateColumn';

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
  dateColumn('date', 'Date'),
  dateColumn('updated_at', 'Updated'),
];

const FILTERS = ['all', 'published', 'drafts'] as const;
type Filter = (typeof FILTERS)[number];

/** /staff/blog: every post, drafts included. */
export function BlogPostsPage() {
  const list = useListState();
  const [filter, setFilter] = useUrlChoice('show', FILTERS, 'all');
  const query = useStaffListBlogPosts({
    search: list.query,
    published: filter === 'all' ? undefined : filter === 'published',
    page: list.page,
  });
  return (
    <RecordList
      title="Blog posts"
      newLabel="New post"
      path="/staff/blog"
      list={list}
      query={query}
      columns={columns}
      empty="No blog posts yet."
      filters={
        <TextField
          select
          size="small"
          label="Show"
          value={filter}
          onChange={(event) => setFilter(event.target.value as Filter)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All posts</MenuItem>
          <MenuItem value="published">Published</MenuItem>
          <MenuItem value="drafts">Drafts</MenuItem>
        </TextField>
      }
    />
  );
}
