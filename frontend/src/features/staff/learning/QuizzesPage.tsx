import AddIcon from '@mui/icons-material/Add';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useNavigate } from 'react-router';
import { useStaffListQuizzes } from '@/api/endpoints/staff/staff';
import type { StaffQuizRow } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { SearchField } from '../ui/SearchField';
import { ServerGrid } from '../ui/ServerGrid';
import { StaffPage } from '../ui/StaffPage';
import { useListState } from '../ui/useListState';

const columns: GridColDef<StaffQuizRow>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 220 },
  {
    field: 'published',
    headerName: 'State',
    minWidth: 110,
    renderCell: ({ row }) => (
      <Chip size="small" color={row.published ? 'success' : 'default'} label={row.published ? 'Published' : 'Draft'} />
    ),
  },
  { field: 'created_at', headerName: 'Created', minWidth: 150, valueFormatter: (value: string) => dateTime(value) },
];

/** /staff/quizzes: the quizzes that grant certificates, drafts included. */
export function QuizzesPage() {
  const navigate = useNavigate();
  const list = useListState();
  const query = useStaffListQuizzes({ search: list.query, page: list.page });
  return (
    <StaffPage
      title="Quizzes"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/staff/quizzes/new">
          New quiz
        </Button>
      }
    >
      <SearchField value={list.search} onChange={list.setSearch} />
      <ServerGrid
        label="Quizzes"
        rows={query.data?.data}
        columns={columns}
        pagination={query.data?.pagination}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        onPage={list.setPage}
        empty="No quizzes yet."
        onRowClick={(row) => void navigate(`/staff/quizzes/${row.id}`)}
      />
    </StaffPage>
  );
}
