import AddIcon from '@mui/icons-material/Add';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useNavigate } from 'react-router';
import { useStaffListLectures } from '@/api/endpoints/staff/staff';
import type { StaffLecture } from '@/api/model';
import { SearchField } from '../ui/SearchField';
import { ServerGrid } from '../ui/ServerGrid';
import { StaffPage } from '../ui/StaffPage';
import { useListState } from '../ui/useListState';

const columns: GridColDef<StaffLecture>[] = [
  { field: 'position', headerName: 'Order', type: 'number', minWidth: 80 },
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 220 },
  { field: 'author', headerName: 'Speaker', flex: 1, minWidth: 160 },
  {
    field: 'video',
    headerName: 'Video',
    minWidth: 130,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        color={row.has_video_file || row.video_url ? 'success' : 'default'}
        label={row.has_video_file ? 'Uploaded' : row.video_url ? 'Address' : 'None'}
      />
    ),
  },
];

/** /staff/lectures: the expert lectures, in the order the site shows them. */
export function LecturesPage() {
  const navigate = useNavigate();
  const list = useListState();
  const query = useStaffListLectures({ search: list.query, page: list.page });
  return (
    <StaffPage
      title="Expert lectures"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/staff/lectures/new">
          New lecture
        </Button>
      }
    >
      <SearchField value={list.search} onChange={list.setSearch} />
      <ServerGrid
        label="Expert lectures"
        rows={query.data?.data}
        columns={columns}
        pagination={query.data?.pagination}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        onPage={list.setPage}
        empty="No lectures yet."
        onRowClick={(row) => void navigate(`/staff/lectures/${row.id}`)}
      />
    </StaffPage>
  );
}
