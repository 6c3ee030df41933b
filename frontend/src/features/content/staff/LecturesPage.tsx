import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useStaffListLectures } from '@/api/endpoints/content-staff/content-staff';
import type { StaffLecture } from '@/api/model';
import { RecordList } from '@/ui/console/RecordList';
import { useListState } from '@/ui/console/useListState';

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
  {
    field: 'captions',
    headerName: 'Captions',
    minWidth: 150,
    sortable: false,
    renderCell: ({ row }) =>
      row.needs_captions ? (
        <Chip size="small" color="warning" label="No captions" />
      ) : (
        row.captions.map((track) => track.language).join(', ') || '—'
      ),
  },
];

/** /staff/lectures: the expert lectures, in the order the site shows them. */
export function LecturesPage() {
  const list = useListState();
  const query = useStaffListLectures({ search: list.query, page: list.page });
  return (
    <RecordList
      title="Expert lectures"
      newLabel="New lecture"
      path="/staff/lectures"
      list={list}
      query={query}
      columns={columns}
      empty="No lectures yet."
    />
  );
}
