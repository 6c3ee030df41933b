import RefreshIcon from '@mui/icons-material/Refresh';
import VerticalAlignTopIcon from '@mui/icons-material/VerticalAlignTop';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { createDiscussion, getListDiscussionsQueryKey, listDiscussions } from '@/api/endpoints/discussions/discussions';
import { useAuth } from '@/lib/auth';
import { usePages } from '@/lib/usePages';
import { DISCUSSION_ANCHOR, type DiscussionProps } from '@/ui/discussion-slot';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { FollowMenu } from './FollowMenu';
import { PAGE_SIZE } from './limits';
import { MentionPlace, useMentionFinder } from './mention-place';
import { NewPostsButton } from './NewPostsButton';
import { PostForm } from './PostForm';
import { TopicItem } from './TopicItem';
import { useLiveDiscussion } from './useLiveDiscussion';
import { useRefreshDiscussion } from './useRefresh';

/** A target's discussion (spec 2 §2): topics newest first, the composer for those who may post. */
export function DiscussionPanel({ topicType, targetId, onChange }: DiscussionProps) {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const params = { perPage: PAGE_SIZE };
  const pages = usePages(getListDiscussionsQueryKey(topicType, targetId, params), (page) =>
    listDiscussions(topicType, targetId, { ...params, page }),
  );
  const reload = useRefreshDiscussion(topicType, targetId);
  const findMentions = useMentionFinder(topicType, targetId);
  const live = useLiveDiscussion(pages.data?.pages[0]?.live_room, reload);
  const refresh = async () => {
    await live.catchUp(reload);
    onChange?.();
  };
  const topics = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const permissions = pages.data?.pages[0]?.permissions;
  const subscription = pages.data?.pages[0]?.subscription;
  const here = encodeURIComponent(`${location.pathname}${location.search}`);
  // A link to the thread (the feed's Reply) lands on the discussion once it has loaded.
  const loaded = pages.isSuccess;
  useEffect(() => {
    if (loaded && location.hash === `#${DISCUSSION_ANCHOR}`) {
      document.getElementById(DISCUSSION_ANCHOR)?.scrollIntoView();
    }
  }, [loaded, location.hash]);

  return (
    <MentionPlace.Provider value={findMentions}>
    <Box component="section" id={DISCUSSION_ANCHOR} aria-labelledby="discussion-title" sx={{ scrollMarginTop: 80 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h2" id="discussion-title">
          Discussion
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {isSignedIn && subscription && (
            <FollowMenu
              key={subscription.level}
              subjectType={subscription.subject_type}
              subjectId={subscription.subject_id}
              level={subscription.level}
              what="this discussion"
            />
          )}
          <Button startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={pages.isFetching}>
            Refresh
          </Button>
        </Stack>
      </Stack>
      <Stack spacing={2}>
        {permissions?.can_create_discussion && (
          <Card variant="outlined">
            <CardContent>
              <PostForm
                label="Start a discussion"
                submitLabel="Post"
                canSetPrivate={permissions.can_set_private}
                phiBlocking={permissions.phi_blocking}
                onSubmit={async ({ text, isPrivate, files, phiDeclared }) => {
                  const posted = await createDiscussion(topicType, targetId, { text, is_public: !isPrivate, files, phi_declared: phiDeclared });
                  await refresh();
                  return posted.data;
                }}
              />
            </CardContent>
          </Card>
        )}
        {permissions && !permissions.can_create_discussion && (
          <Alert severity="info">
            {isSignedIn ? (
              'You can read this discussion; only members can post in it.'
            ) : (
              <>
                <Link component={RouterLink} to={`/login?redirect_to=${here}`}>
                  Sign in
                </Link>{' '}
                or{' '}
                <Link component={RouterLink} to={`/register-lite?redirect_to=${here}`}>
                  sign up
                </Link>{' '}
                to take part in the discussion.
              </>
            )}
          </Alert>
        )}
        {pages.isPending && <Loading label="Loading the discussion" />}
        {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
        {pages.isSuccess && topics.length === 0 && live.unseen.topics === 0 && <EmptyState>No discussions yet.</EmptyState>}
        <NewPostsButton count={live.unseen.topics} one="new topic" many="new topics" onShow={refresh} />
        {permissions &&
          topics.map((topic) => (
            <TopicItem
              key={topic.id}
              topic={topic}
              topicType={topicType}
              targetId={targetId}
              permissions={permissions}
              newReplies={live.unseen.replies.get(topic.id) ?? 0}
              onChanged={refresh}
            />
          ))}
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          {pages.hasNextPage ? (
            <Button variant="outlined" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              Load more topics
            </Button>
          ) : (
            <span />
          )}
          <Button startIcon={<VerticalAlignTopIcon />} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
            Return To Top
          </Button>
        </Stack>
      </Stack>
    </Box>
    </MentionPlace.Provider>
  );
}
