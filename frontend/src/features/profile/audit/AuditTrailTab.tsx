import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { getListMyAuditTrailQueryKey, getListMyAuditTrailUrl, listMyAuditTrail } from '@/api/endpoints/audit/audit';
import type { TrailEntry } from '@/api/model';
import { downloadFile } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { describeAuditEntry } from './actions';

/** Entries a download holds: the newest, as one page of the API. */
const DOWNLOAD_ENTRIES = 100;

/** /my-profile/audit: every staff decision and moderation action about the member's account
 * and content, each sealed into the public audit chain, with what its hash covers. */
export function AuditTrailTab() {
  const pages = usePages(getListMyAuditTrailQueryKey(), (page) => listMyAuditTrail({ page }));
  const entries = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Every decision Cohort&apos;s staff and moderators make about your account and your content, and every API token
        you create or revoke, is recorded here, and sealed into the platform&apos;s audit chain: each entry&apos;s hash covers what it says and the entry before it,
        and the chain&apos;s head is published every day, so no one can change or remove an entry unnoticed.
      </Typography>
      {pages.isPending && <Loading label="Loading your audit trail" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && entries.length === 0 && (
        <EmptyState>No decision has been made about your account or your content.</EmptyState>
      )}
      {entries.length > 0 && (
        <>
          <DownloadTrail />
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Audit trail">
            {entries.map((entry) => (
              <Box component="li" key={entry.seq}>
                <TrailCard entry={entry} />
              </Box>
            ))}
          </Stack>
        </>
      )}
      <LoadMore pages={pages} />
    </Stack>
  );
}

function DownloadTrail() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(getListMyAuditTrailUrl({ perPage: DOWNLOAD_ENTRIES }), 'cohort-audit-trail.json');
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => void download()} disabled={busy}>
          Download to verify
        </Button>
      }
    >
      Check your newest {DOWNLOAD_ENTRIES} entries yourself: download them and run{' '}
      <code>cohort audit verify --segment cohort-audit-trail.json</code>. Compare with the daily heads at{' '}
      <code>/api/audit/heads</code>.
    </Alert>
  );
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
      {label}:{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
        {value}
      </Box>
    </Typography>
  );
}

function TrailCard({ entry }: { entry: TrailEntry }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Entry ${entry.seq}`}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {describeAuditEntry(entry.action, entry.subject_type)}
          </Typography>
          <Chip size="small" variant="outlined" label={`Entry ${entry.seq}`} />
        </Stack>
        <Typography color="text.secondary">
          {dateTime(entry.created_at)} · by {entry.actor_name ?? 'a former member'} · {entry.subject_type.replaceAll('_', ' ')}{' '}
          #{entry.subject_id}
        </Typography>
        {entry.reason && <Typography sx={{ mt: 1 }}>Reason: {entry.reason}</Typography>}
        <Box sx={{ mt: 1 }}>
          <Hash label="Hash" value={entry.hash} />
          <Hash label="Follows" value={entry.prev_hash} />
        </Box>
      </CardContent>
    </Card>
  );
}
