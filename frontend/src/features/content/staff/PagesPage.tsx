import type { GridColDef } from '@mui/x-data-grid';
import { useStaffListPages } from '@/api/endpoints/content-staff/content-staff';
import type { StaffPageRow } from '@/api/model';
import { RecordList } from '@/ui/console/RecordList';
import { useListState } from '@/ui/console/useListState';
import { dateColumn } from '@/ui/console/dateColumn';

const columns: GridColDef<StaffPageRow>[] = [
  { field: 'title', headerName: 'Title', flex: 2, minWidth: 200 },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 180 },
  {
    field: 'route',
    headerName: 'On the site',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <a href={row.route} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()} style={{ display: 'inline-block', paddingBlock: 4 }}>
        {row.route}
      </a>
    ),
  },
  dateColumn('updated_at', 'Updated'),
];

/** /staff/pages: the site's content pages (about, FAQ, legal, landing pages). */
export function PagesPage() {
  const list = useListState();
  const query = useStaffListPages({ search: list.query, page: list.page });
  return (
    <RecordList
      title="Pages"
      newLabel="New page"
      path="/staff/pages"
      list={list}
      query={query}
      columns={columns}
      empty="No pages yet."
    />
  );
}
