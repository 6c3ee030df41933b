import { Box, Button, Divider } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListCommentsQueryKey, listComments } from '@/api/endpoints/discussions/discussions';
import type { Comment, Topic } from '@/api/model';
import { PAGE_SIZE } from './limits';
import { ReplyItem } from './ReplyItem';

interface Props {
  topic: Topic;
  canWrite: boolean;
  /** Text the patient-data guardrail flags is not published here. */
  phiBlocking: boolean;
  onReply: (comment: Comment) => void;
  onChanged: () => Promise<unknown>;
}

/**
 * A topic's replies, oldest first: the first page arrives with the topic, "Load more
 * replies" fetches the next.
 */
export function ReplyList({ topic, canWrite, phiBlocking, onReply, onChanged }: Props) {
  const replies = useInfiniteQuery({
    queryKey: [...getListCommentsQueryKey(topic.id), 'pages'],
    queryFn: ({ pageParam }) => listComments(topic.id, { page: pageParam, perPage: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.currentPage < last.pagination.total ? last.pagination.currentPage + 1 : undefined,
    initialData: {
      pages: [
        {
          data: topic.replies,
          pagination: {
            currentPage: 1,
            perPage: PAGE_SIZE,
            total: Math.ceil(topic.thread_size / PAGE_SIZE),
            count: topic.thread_size,
          },
        },
      ],
      pageParams: [1],
    },
    // The topic just brought page 1; fetch again only when told (Refresh, a change).
    staleTime: Infinity,
  });
  const shown = replies.data.pages.flatMap((page) => page.data);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ mt: 1, pl: { xs: 1, sm: 3 }, borderLeft: 2, borderColor: 'divider' }} role="group" aria-label="Replies">
      {shown.map((comment, index) => (
        <Box key={comment.id}>
          {index > 0 && <Divider />}
          <ReplyItem comment={comment} canWrite={canWrite} phiBlocking={phiBlocking} onReply={onReply} onChanged={onChanged} />
        </Box>
      ))}
      {replies.hasNextPage && (
        <Button size="small" onClick={() => replies.fetchNextPage()} disabled={replies.isFetchingNextPage}>
          Load more replies
        </Button>
      )}
    </Box>
  );
}
