import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useNavigate } from 'react-router';
import { useStaffListPages } from '@/api/endpoints/staff/staff';
import type { StaffPageRow } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { SearchField } from '../ui/SearchField';
import { ServerGrid } from '../ui/ServerGrid';
import { StaffPage } from '../ui/StaffPage';
import { useListState } from '../ui/useListState';

const columns: GridColDef<StaffPageRow>[] = [
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 180 },
  {
    field: 'route',
    headerName: 'On the site',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <a href={row.route} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
        {row.route}
      </a>
    ),
  },
  { field: 'updated_at', headerName: 'Updated', minWidth: 150, valueFormatter: (value: string) => dateTime(value) },
];

/** /staff/pages: the site's content pages (about, FAQ, legal, landing pages). */
export function PagesPage() {
  const navigate = useNavigate();
  const list = useListState();
  const query = useStaffListPages({ search: list.query, page: list.page });
  return (
    <StaffPage
      title="Pages"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/staff/pages/new">
          New page
        </Button>
      }
    >
      <SearchField value={list.search} onChange={list.setSearch} />
      <ServerGrid
        label="Pages"
        rows={query.data?.data}
        columns={columns}
        pagination={query.data?.pagination}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        onPage={list.setPage}
        empty="No pages yet."
        onRowClick={(row) => void navigate(`/staff/pages/${row.id}`)}
      />
    </StaffPage>
  );
}
