import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useStaffListQuizzes } from '@/api/endpoints/learning-staff/learning-staff';
import type { StaffQuizRow } from '@/api/model';
import { RecordList } from '@/ui/console/RecordList';
import { useListState } from '@/ui/console/useListState';
import { dateColumn } from '@/ui/console/dateColumn';

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
  dateColumn('created_at', 'Created'),
];

/** /staff/quizzes: the quizzes that grant certificates, drafts included. */
export function QuizzesPage() {
  const list = useListState();
  const query = useStaffListQuizzes({ search: list.query, page: list.page });
  return (
    <RecordList
      title="Quizzes"
      newLabel="New quiz"
      path="/staff/quizzes"
      list={list}
      query={query}
      columns={columns}
      empty="No quizzes yet."
    />
  );
}
