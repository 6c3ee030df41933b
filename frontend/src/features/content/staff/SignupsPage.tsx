import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { getStaffExportUpdateSignupsUrl, useStaffListUpdateSignups } from '@/api/endpoints/content-staff/content-staff';
import type { UpdateSignup } from '@/api/model';
import { downloadFile } from '@/lib/api-client';
import { useToast } from '@/ui/toast';
import { gridQuery, ServerGrid } from '@/ui/console/ServerGrid';
import { staffError } from '@/ui/console/staffError';
import { StaffPage } from '@/ui/console/StaffPage';
import { useUrlPage } from '@/lib/useUrlState';
import { dateColumn } from '@/ui/console/dateColumn';

const columns: GridColDef<UpdateSignup>[] = [
  { field: 'full_name', headerName: 'Name', flex: 1, minWidth: 150 },
  { field: 'email', headerName: 'E-mail', flex: 1, minWidth: 200 },
  { field: 'message', headerName: 'Message', flex: 2, minWidth: 200 },
  { field: 'consent', headerName: 'Consent', type: 'boolean', minWidth: 90 },
  dateColumn('created_at', 'Signed up'),
];

/** /staff/signups: people who asked for updates, and the whole list as CSV. */
export function SignupsPage() {
  const [page, setPage] = useUrlPage();
  const list = useStaffListUpdateSignups({ page });
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(getStaffExportUpdateSignupsUrl(), 'update-signups.csv');
    } catch (error) {
      toast(staffError(error), 'error', 'Error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <StaffPage
      title="Update sign-ups"
      actions={
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <ServerGrid
        label="Update sign-ups"
        {...gridQuery(list)}
        columns={columns}
        page={page}
        onPage={setPage}
        empty="Nobody has signed up for updates yet."
      />
    </StaffPage>
  );
}
