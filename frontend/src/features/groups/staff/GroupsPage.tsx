import { Chip, Stack, Tab, Tabs, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { useStaffGroupQueue } from '@/api/endpoints/groups-staff/groups-staff';
import { type GroupCard, StaffGroupQueueList } from '@/api/model';
import { gridQuery, ServerGrid } from '@/ui/console/ServerGrid';
import { StaffPage } from '@/ui/console/StaffPage';
import { useUrlChoice } from '@/lib/useUrlState';
import { useListState } from '@/ui/console/useListState';
import { dateColumn } from '@/ui/console/dateColumn';

const columns: GridColDef<GroupCard>[] = [
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
  {
    field: 'created_by',
    headerName: 'Owner',
    flex: 1,
    minWidth: 140,
    valueGetter: (_, row) => row.created_by?.name ?? '',
  },
  {
    field: 'approved_status',
    headerName: 'Status',
    minWidth: 220,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
        <Chip size="small" label={row.approved_status.replaceAll('_', ' ')} />
        {row.standing.is_suspended && <Chip size="small" color="error" label="suspended" />}
      </Stack>
    ),
  },
  dateColumn('created_at', 'Created'),
];

/** /staff/groups: groups waiting for review, or every submitted group. */
export function GroupsPage() {
  const navigate = useNavigate();
  const [list, setList] = useUrlChoice('list', Object.values(StaffGroupQueueList), StaffGroupQueueList.waiting);
  const { search, setSearch, query: searched, page, setPage } = useListState();
  const query = useStaffGroupQueue({ list, search: searched, page });
  return (
    <StaffPage title="Working groups">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Tabs value={list} onChange={(_, next: StaffGroupQueueList) => setList(next)}>
          <Tab value="waiting" label="Waiting for review" />
          <Tab value="all" label="All groups" />
        </Tabs>
        <TextField size="small" label="Search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Stack>
      <ServerGrid
        label="Working groups"
        {...gridQuery(query)}
        columns={columns}
        page={page}
        onPage={setPage}
        empty={list === 'waiting' ? 'No working group is waiting for review.' : 'No working groups yet.'}
        onRowClick={(row) => void navigate(`/staff/groups/${row.id}`)}
      />
    </StaffPage>
  );
}
