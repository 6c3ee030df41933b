import { Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getListReportedItemsQueryKey, listReportedItems } from '@/api/endpoints/moderation/moderation';
import type { ModerationAction, ReportedItem } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { counted } from '@/lib/plural';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { moderationActionLabels, reportReasonLabels, reportSubjectLabels } from './labels';
import { ModerationDialog } from './ModerationDialog';

/** The review queue: one working group's (its owner and moderators), or everything (staff). */
export function ReportsQueue({ groupId }: { groupId?: number }) {
  const params = groupId === undefined ? {} : { group_id: groupId };
  const pages = usePages(getListReportedItemsQueryKey(params), (page) => listReportedItems({ ...params, page }));
  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack spacing={2}>
      {pages.isPending && <Loading label="Loading the reports" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && items.length === 0 && <EmptyState>Nothing is waiting for review.</EmptyState>}
      {items.map((item) => (
        <ReportedCard key={`${item.subject_type}-${item.subject_id}`} item={item} />
      ))}
      <LoadMore pages={pages} />
    </Stack>
  );
}

function ReportedCard({ item }: { item: ReportedItem }) {
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const kind = reportSubjectLabels[item.subject_type];
  const title = item.title ?? `A ${kind} that no longer exists`;
  return (
    <Card variant="outlined" component="article" aria-label={`Reported ${kind}: ${title}`}>
      <CardContent>
        <Stack spacing={1.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label={kind} sx={{ textTransform: 'capitalize' }} />
            {item.hidden && <Chip size="small" color="warning" label="Hidden until reviewed" />}
            <Typography variant="body2" color="text.secondary">
              {counted(item.reports, 'report')} · first {dateTime(item.first_reported_at)}
            </Typography>
          </Stack>
          {item.route ? (
            <Link component={RouterLink} to={item.route} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{title}</Typography>
          )}
          {item.author && (
            <Typography variant="body2" color="text.secondary">
              By{' '}
              <Link component={RouterLink} to={`/profile/${item.author.id}`}>
                {item.author.name}
              </Link>
            </Typography>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {item.reasons.map(({ reason, count }) => (
              <Chip key={reason} variant="outlined" size="small" label={`${reportReasonLabels[reason]} × ${count}`} />
            ))}
          </Stack>
          {item.details.map((detail, index) => (
            <Typography
              key={index}
              variant="body2"
              component="blockquote"
              sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {detail}
            </Typography>
          ))}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}>
            {item.actions.map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === 'dismiss' ? 'outlined' : 'contained'}
                color={action === 'delete' || action === 'suspend' ? 'error' : 'primary'}
                onClick={() => setActing(action)}
              >
                {moderationActionLabels[action]}
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      {acting && (
        <ModerationDialog
          item={item}
          action={acting}
          onClose={() => setActing(null)}
          // The queue, the log and the item's own page all change.
          onDone={() => queryClient.invalidateQueries()}
        />
      )}
    </Card>
  );
}
