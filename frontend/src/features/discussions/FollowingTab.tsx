import ForumIcon from '@mui/icons-material/ForumOutlined';
import TopicIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getListSubscriptionsQueryKey, listSubscriptions } from '@/api/endpoints/discussions/discussions';
import { SubjectType, type Subscription } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { FollowMenu } from './FollowMenu';

const PLACE: Record<SubjectType, string> = {
  topic: 'Topic',
  group: 'Working group discussion',
  project: 'Project discussion',
  blog_post: 'Blog post discussion',
};

/** /my-profile/following: the topics and discussions the member follows or muted. */
export function FollowingTab() {
  usePageTitle('Following');
  const pages = usePages(getListSubscriptionsQueryKey(), (page) => listSubscriptions({ page }));
  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Following
      </Typography>
      <Typography color="text.secondary">
        Topics you started are followed for you. Follow a topic or a whole discussion to hear of every new post; mute it to hear of nothing there.
      </Typography>
      {pages.isPending && <Loading label="Loading what you follow" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && items.length === 0 && <EmptyState>You do not follow or mute anything yet.</EmptyState>}
      {items.map((item) => (
        <FollowedCard key={`${item.subject_type}-${item.subject_id}`} item={item} />
      ))}
      {pages.hasNextPage && (
        <Button variant="outlined" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function FollowedCard({ item }: { item: Subscription }) {
  const isTopic = item.subject_type === SubjectType.topic;
  const title = isTopic ? (item.excerpt ?? 'A topic you can no longer read') : (item.place_title ?? 'No longer available');
  return (
    <Card variant="outlined" component="article" aria-label={title}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {isTopic ? <TopicIcon color="action" /> : <ForumIcon color="action" />}
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {PLACE[item.subject_type]}
            </Typography>
            {item.route ? (
              <Link component={RouterLink} to={item.route} sx={{ wordBreak: 'break-word' }}>
                {title}
              </Link>
            ) : (
              <Typography sx={{ wordBreak: 'break-word' }}>{title}</Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {isTopic && item.place_title ? `In ${item.place_title} · ` : ''}since {dateTime(item.created_at)}
            </Typography>
          </Stack>
          <FollowMenu
            key={item.level}
            subjectType={item.subject_type}
            subjectId={item.subject_id}
            level={item.level}
            what={isTopic ? 'this topic' : 'this discussion'}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
