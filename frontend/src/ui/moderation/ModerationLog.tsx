import { List, ListItem, ListItemText } from '@mui/material';
import { getListModerationLogQueryKey, listModerationLog } from '@/api/endpoints/moderation/moderation';
import type { ModerationLogEntry } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { moderationActionVerbs, reportSubjectLabels } from './labels';

/** One line of the log: who did what to which item, never who reported it. */
export function logLine(entry: ModerationLogEntry): string {
  const who = entry.automatic ? 'Cohort (after several reports)' : (entry.moderator_name ?? 'A former moderator');
  const what = `a ${reportSubjectLabels[entry.subject_type]}`;
  const by = entry.author_name ? ` by ${entry.author_name}` : '';
  const title = entry.title ? ` ("${entry.title}")` : '';
  return `${who} ${moderationActionVerbs[entry.action]} ${what}${by}${title}`;
}

/** The moderation log of one working group (its members), or of everything (staff). */
export function ModerationLog({ groupId }: { groupId?: number }) {
  const params = groupId === undefined ? {} : { group_id: groupId };
  const pages = usePages(getListModerationLogQueryKey(params), (page) => listModerationLog({ ...params, page }));
  const entries = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      {pages.isPending && <Loading label="Loading the moderation log" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && entries.length === 0 && <EmptyState>No moderator has acted here yet.</EmptyState>}
      {entries.length > 0 && (
        <List aria-label="Moderation log" disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.id} divider disableGutters>
              <ListItemText
                primary={logLine(entry)}
                secondary={`${dateTime(entry.created_at)}${entry.reason ? ` · Reason: ${entry.reason}` : ''}`}
                slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <LoadMore pages={pages} />
    </>
  );
}
