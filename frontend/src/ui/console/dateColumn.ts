import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { dateTime } from '@/lib/dates';

/**
 * A grid column showing a date-time in the spec's "MMM dd YYYY, HH:mm". Wide enough for the
 * whole text at any grid width: a narrower minimum let the 1366 px staff tables cut it.
 */
export function dateColumn<Row extends GridValidRowModel>(field: string, headerName: string): GridColDef<Row> {
  return { field, headerName, minWidth: 170, valueFormatter: (value: string) => dateTime(value) };
}
