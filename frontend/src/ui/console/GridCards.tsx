import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import type { GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { EmptyState, Loading } from '@/ui/QueryState';

/** One cell as the grid would show it: its renderer, else its formatted value. */
function cell<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row): ReactNode {
  const raw: unknown = row[column.field];
  // Our columns' getters and formatters read only the value and the row.
  const noApi = undefined as never;
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, noApi) : raw;
  if (column.renderCell) {
    return column.renderCell({ row, value, formattedValue: value, field: column.field, id: row.id } as GridRenderCellParams<Row>);
  }
  const shown = column.valueFormatter ? column.valueFormatter(value as never, row, column, noApi) : value;
  return shown === null || shown === undefined || shown === '' ? '—' : String(shown);
}

interface Props<Row extends GridValidRowModel> {
  label: string;
  rows: Row[] | undefined;
  columns: GridColDef<Row>[];
  loading: boolean;
  empty: string;
  onRowClick?: (row: Row) => void;
  page: number;
  pages: number;
  onPage?: (page: number) => void;
}

/** A grid's rows as cards on a phone, every column a labelled line, so none is cut off. */
export function GridCards<Row extends GridValidRowModel>({ label, rows, columns, loading, empty, onRowClick, page, pages, onPage }: Props<Row>) {
  if (loading && !rows) return <Loading />;
  if (!rows || rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  // The pager follows the list: a list holds only its items.
  return (
    <Stack spacing={1.5}>
      <Stack spacing={1.5} component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const body = (
            <CardContent>
              {columns.map((column) => (
                <Box key={column.field} sx={{ display: 'flex', gap: 1, py: 0.25 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96, flexShrink: 0 }}>
                    {column.headerName ?? column.field}
                  </Typography>
                  <Box sx={{ minWidth: 0, typography: 'body2' }}>{cell(column, row)}</Box>
                </Box>
              ))}
            </CardContent>
          );
          // A card may hold links of its own, so it is not one big button (controls may not nest):
          // a click anywhere opens the record, and keyboards and screen readers have Open.
          return (
            <Card
              key={row.id}
              component="li"
              variant="outlined"
              onClick={onRowClick && (() => onRowClick(row))}
              sx={onRowClick ? { cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } } : undefined}
            >
              {body}
              {onRowClick && (
                <CardActions sx={{ pt: 0 }}>
                  <Button
                    size="small"
                    onClick={(event) => {
                      event.stopPropagation();
                      onRowClick(row);
                    }}
                  >
                    Open
                  </Button>
                </CardActions>
              )}
            </Card>
          );
        })}
      </Stack>
      {onPage && pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
