import { MenuItem, Pagination, Stack, TextField } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useStaffAuditActions, useStaffAuditLog } from '@/api/endpoints/staff/staff';
import { useDebounced } from '@/lib/useDebounced';
import { ErrorState, Loading } from '@/ui/QueryState';
import { AuditList } from '../ui/AuditList';
import { StaffPage } from '../ui/StaffPage';

const PER_PAGE = 25;

// The chart library loads with the pages that chart only.
const AuditActivityStrip = lazy(async () => ({ default: (await import('./AuditActivityStrip')).AuditActivityStrip }));

/** /staff/audit: every staff decision, filtered by action, subject and actor, with a strip of the filtered decisions per day. */
export function AuditPage() {
  const [action, setAction] = useState('');
  const [subjectType, setSubjectType] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [page, setPage] = useState(1);
  const debouncedType = useDebounced(subjectType, 300);
  const debouncedId = useDebounced(subjectId, 300);
  const actions = useStaffAuditActions();
  const narrowed = {
    action: action || undefined,
    subject_type: debouncedType.trim() || undefined,
    subject_id: debouncedId.trim() || undefined,
  };
  const log = useStaffAuditLog({ ...narrowed, page, perPage: PER_PAGE });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

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
          onChange={(event) => filter(setAction)(event.target.value)}
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
        <TextField size="small" label="Subject type" value={subjectType} onChange={(event) => filter(setSubjectType)(event.target.value)} />
        <TextField size="small" label="Subject id" value={subjectId} onChange={(event) => filter(setSubjectId)(event.target.value)} />
      </Stack>
      <Suspense fallback={<Loading label="Loading the activity" />}>
        <AuditActivityStrip filter={narrowed} />
      </Suspense>
      {body()}
    </StaffPage>
  );
}
