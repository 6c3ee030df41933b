import { MenuItem, Pagination, Stack, TextField } from '@mui/material';
import { Suspense, lazy } from 'react';
import { useStaffAuditActions, useStaffAuditLog } from '@/api/endpoints/console/console';
import { ErrorState, Loading } from '@/ui/QueryState';
import { AuditList } from '@/ui/console/AuditList';
import { StaffPage } from '@/ui/console/StaffPage';
import { useUrlPage, useUrlParam, useUrlSearch } from '@/lib/useUrlState';

const PER_PAGE = 25;

// The chart library loads with the pages that chart only.
const AuditActivityStrip = lazy(async () => ({ default: (await import('./AuditActivityStrip')).AuditActivityStrip }));

/** /staff/audit: every staff decision, filtered by action, subject and actor, with a strip of the filtered decisions per day. */
export function AuditPage() {
  // The filters and the page live in the address (shareable, kept on reload and Back).
  const [action, setAction] = useUrlParam('action');
  const subjectType = useUrlSearch(300, 'subject_type');
  const subjectId = useUrlSearch(300, 'subject_id');
  const [page, setPage] = useUrlPage();
  const actions = useStaffAuditActions();
  const narrowed = {
    action: action || undefined,
    subject_type: subjectType.settled || undefined,
    subject_id: subjectId.settled || undefined,
  };
  const log = useStaffAuditLog({ ...narrowed, page, perPage: PER_PAGE });

  const body = () => {
    if (log.isPending) return <Loading />;
    if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
    const pages = Math.ceil(log.data.pagination.count / PER_PAGE);
    return (
      <Stack spacing={2}>
        <AuditList records={log.data.data} empty="No staff decision matches." />
        {pages > 1 && <Pagination count={pages} page={page} onChange={(_, next) => setPage(next)} />}
      </Stack>
    );
  };

  return (
    <StaffPage title="Audit log">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          sx={{ minWidth: 220 }}
          helperText="A family (group.*) or one action."
        >
          <MenuItem value="">Any</MenuItem>
          {[...new Set((actions.data?.data ?? []).map((name) => name.split('.')[0]))].map((family) => (
            <MenuItem key={family} value={family}>
              {family}.*
            </MenuItem>
          ))}
          {(actions.data?.data ?? []).map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Subject type" value={subjectType.text} onChange={(event) => subjectType.setText(event.target.value)} />
        <TextField size="small" label="Subject id" value={subjectId.text} onChange={(event) => subjectId.setText(event.target.value)} />
      </Stack>
      <Suspense fallback={<Loading label="Loading the activity" />}>
        <AuditActivityStrip filter={narrowed} />
      </Suspense>
      {body()}
    </StaffPage>
  );
}
