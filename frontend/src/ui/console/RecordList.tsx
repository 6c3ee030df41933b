import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchField } from '@/ui/SearchField';
import { gridQuery, ServerGrid, type Pagination } from './ServerGrid';
import { StaffPage } from './StaffPage';
import type { useListState } from './useListState';

interface Props<Row extends GridValidRowModel & { id: number }> {
  title: string;
  /** The "New …" button's text; its editor is `${path}/new`. */
  newLabel?: string;
  /** The list's address; each row opens `${path}/${id}`. */
  path: string;
  list: ReturnType<typeof useListState>;
  query: { data?: { data: Row[]; pagination: Pagination }; isFetching: boolean; error: unknown; refetch: () => unknown };
  columns: GridColDef<Row>[];
  empty: string;
  searchLabel?: string;
  /** More filters beside the search box. */
  filters?: ReactNode;
}

/** A console list of records: search, filters, the paged grid, and a way to add one. */
export function RecordList<Row extends GridValidRowModel & { id: number }>({
  title,
  newLabel,
  path,
  list,
  query,
  columns,
  empty,
  searchLabel,
  filters,
}: Props<Row>) {
  const navigate = useNavigate();
  return (
    <StaffPage
      title={title}
      actions={
        newLabel && (
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to={`${path}/new`}>
            {newLabel}
          </Button>
        )
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField value={list.search} onChange={list.setSearch} label={searchLabel} size="small" sx={{ maxWidth: { sm: 360 } }} fullWidth />
        {filters}
      </Stack>
      <ServerGrid
        label={title}
        {...gridQuery(query)}
        columns={columns}
        page={list.page}
        onPage={list.setPage}
        empty={empty}
        onRowClick={(row) => void navigate(`${path}/${row.id}`)}
      />
    </StaffPage>
  );
}
