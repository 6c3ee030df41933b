import { Box, Chip, Stack, Typography } from '@mui/material';
import type { AuditRecord } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/QueryState';

/** What changed, as short `field: before → after` lines (whole values when not objects). */
export function changes(before: unknown, after: unknown): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  if (!isObject(before) || !isObject(after)) {
    if (before == null && after == null) return [];
    return [`${show(before)} → ${show(after)}`];
  }
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/** Staff decisions, newest first: who did what to what, why, and what changed. */
export function AuditList({ records, empty = 'Nothing recorded yet.' }: { records: AuditRecord[]; empty?: string }) {
  if (records.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Audit records">
      {records.map((record) => {
        const lines = changes(record.before, record.after);
        return (
          <Box component="li" key={record.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" label={record.action} />
              <Typography variant="body2">
                {record.actor_name ?? `User ${record.actor_id}`} · {record.subject_type} {record.subject_id}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dateTime(record.created_at)}
              </Typography>
            </Stack>
            {record.reason && <Typography variant="body2" sx={{ mt: 0.5 }}>Reason: {record.reason}</Typography>}
            {lines.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', fontSize: 13, wordBreak: 'break-word' }}>
                {lines.slice(0, 8).map((line) => (
                  <li key={line}>{line.length > 200 ? `${line.slice(0, 200)}…` : line}</li>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
