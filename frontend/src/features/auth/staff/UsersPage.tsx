import { Chip, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { useStaffListUsers } from '@/api/endpoints/auth-staff/auth-staff';
import { StaffListUsersRole, StaffListUsersState, type StaffUserRow } from '@/api/model';
import { RecordList } from '@/ui/console/RecordList';
import { useListState } from '@/ui/console/useListState';
import { ROLE_LABELS, STATE_COLORS, STATE_LABELS } from '@/ui/console/accountLabels';
import { dateColumn } from '@/ui/console/dateColumn';

const columns: GridColDef<StaffUserRow>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'email', headerName: 'E-mail', flex: 1, minWidth: 220 },
  {
    field: 'state',
    headerName: 'Account',
    minWidth: 170,
    renderCell: ({ row }) => <Chip size="small" color={STATE_COLORS[row.state]} label={STATE_LABELS[row.state]} />,
  },
  {
    field: 'staff_role',
    headerName: 'Staff',
    minWidth: 110,
    valueGetter: (_, row) => (row.staff_role ? ROLE_LABELS[row.staff_role] : ''),
  },
  dateColumn('date_joined', 'Joined'),
];

const ROLES: { value: StaffListUsersRole | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: StaffListUsersRole.member, label: 'Members (not staff)' },
  { value: StaffListUsersRole.staff, label: 'All staff' },
  { value: StaffListUsersRole.admin, label: 'Admins' },
  { value: StaffListUsersRole.moderator, label: 'Moderators' },
];

/** /staff/users: find people by name or e-mail, filter by role and account state. */
export function UsersPage() {
  const me = useGetMe();
  const list = useListState();
  const [role, setRole] = useState<StaffListUsersRole | ''>('');
  const [state, setState] = useState<StaffListUsersState | ''>('');
  const query = useStaffListUsers({ search: list.query, role: role || undefined, state: state || undefined, page: list.page });
  return (
    <RecordList
      title="Users"
      // Who adds accounts is the server's policy (admins), sent with the account.
      newLabel={me.data?.data.can_create_accounts ? 'New account' : undefined}
      path="/staff/users"
      list={list}
      query={query}
      columns={columns}
      empty="No user matches."
      searchLabel="Name or e-mail"
      filters={
        <>
          <TextField
            select
            size="small"
            label="Role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as StaffListUsersRole | '');
              list.setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            {ROLES.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Account"
            value={state}
            onChange={(event) => {
              setState(event.target.value as StaffListUsersState | '');
              list.setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Any</MenuItem>
            {Object.values(StaffListUsersState).map((value) => (
              <MenuItem key={value} value={value}>
                {STATE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
    />
  );
}
