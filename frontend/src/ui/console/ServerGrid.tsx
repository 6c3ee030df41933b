import { Box, type Theme, useMediaQuery } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { ErrorState } from '@/ui/QueryState';
import { GridCards } from './GridCards';

/** The API's pagination block. */
export interface Pagination {
  count: number;
}

interface Props<Row extends GridValidRowModel> {
  /** Names the grid for assistive technology. */
  label: string;
  rows: Row[] | undefined;
  columns: GridColDef<Row>[];
  pagination?: Pagination;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  page?: number;
  perPage?: number;
  onPage?: (page: number, perPage: number) => void;
  empty?: string;
  onRowClick?: (row: Row) => void;
}

/**
 * A MUI data grid over one of the API's pages (`page` is 1-based there, 0-based here),
 * with its loading, empty and error states; on a phone its rows are cards instead, so no
 * column is cut off.
 */
export function ServerGrid<Row extends GridValidRowModel>({
  label,
  rows,
  columns,
  pagination,
  loading,
  error,
  onRetry,
  page = 1,
  perPage = 25,
  onPage,
  empty = 'Nothing here yet.',
  onRowClick,
}: Props<Row>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (phone) {
    return (
      <GridCards
        label={label}
        rows={rows}
        columns={columns}
        loading={loading}
        empty={empty}
        onRowClick={onRowClick}
        page={page}
        pages={Math.max(1, Math.ceil((pagination?.count ?? 0) / perPage))}
        onPage={onPage ? (next) => onPage(next, perPage) : undefined}
      />
    );
  }
  const model: GridPaginationModel = { page: page - 1, pageSize: perPage };
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <DataGrid<Row>
        aria-label={label}
        rows={rows ?? []}
        columns={columns}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        disableColumnMenu
        // Pages hold at most 100 rows; every column stays in the DOM for assistive technology.
        disableVirtualization
        paginationMode={onPage ? 'server' : 'client'}
        rowCount={onPage ? (pagination?.count ?? 0) : undefined}
        paginationModel={onPage ? model : undefined}
        onPaginationModelChange={(next) => onPage?.(next.page + 1, next.pageSize)}
        pageSizeOptions={onPage ? [perPage] : [10, 25, 50]}
        initialState={onPage ? undefined : { pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={{ noRowsLabel: empty }}
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        sx={{ minWidth: 640, bgcolor: 'background.paper', '& .MuiDataGrid-row': onRowClick ? { cursor: 'pointer' } : {} }}
      />
    </Box>
  );
}

/** A paged list query, as the generated hooks return it. */
interface PagedQuery<Row> {
  data?: { data: Row[]; pagination: Pagination };
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The grid's data, loading and error props from a paged list query. */
export function gridQuery<Row>(query: PagedQuery<Row>) {
  return {
    rows: query.data?.data,
    pagination: query.data?.pagination,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
