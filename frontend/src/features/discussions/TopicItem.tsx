import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { createComment, deleteDiscussion, deleteCommentImage, updateDiscussion, voteDiscussion } from '@/api/endpoints/discussions/discussions';
import { SubjectType, type Comment, type Permissions, type Topic } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import type { TopicType } from '@/ui/discussion-slot';
import { ReportButton } from '@/ui/moderation/ReportButton';
import { plainText } from '@/lib/html-text';
import { useToast } from '@/ui/toast';
import { Attachments } from './Attachments';
import { ClampedRichText } from './Clamped';
import { DeleteAction } from './DeleteAction';
import { FollowMenu } from './FollowMenu';
import { HiddenNotice, isConcealed } from './HiddenNotice';
import { NewPostsButton } from './NewPostsButton';
import { TOPIC_CLAMP } from './limits';
import { PostForm } from './PostForm';
import { PostHeader } from './PostHeader';
import { ReactionBar } from './ReactionBar';
import { QuoteBlock } from './ReplyItem';
import { ReplyList } from './ReplyList';
import { VoteButtons } from './VoteButtons';
import { counted } from '@/lib/plural';

interface Props {
  topic: Topic;
  topicType: TopicType;
  targetId: number;
  permissions: Permissions;
  /** Replies others posted since the list was loaded (live threads). */
  newReplies: number;
  onChanged: () => Promise<unknown>;
}

/** A topic: its text (cut at 600 characters), files, votes, replies and reply form. */
export function TopicItem({ topic, topicType, targetId, permissions, newReplies, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  // `undefined`: no reply form; `null`: replying to the topic; a comment: replying to it.
  const [replyTo, setReplyTo] = useState<Comment | null | undefined>(undefined);
  const toast = useToast();
  const { isSignedIn } = useAuth();
  const deleted = Boolean(topic.deleted_at);
  const canWrite = permissions.can_create_discussion;

  const removeFile = async (fileId: number) => {
    try {
      await deleteCommentImage(topic.id, fileId);
      await onChanged();
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error');
    }
  };

  return (
    <Card variant="outlined" component="article" aria-label={`Topic by ${topic.created_by?.name ?? 'a former member'}`}>
      <CardContent>
        <PostHeader
          author={topic.created_by}
          createdAt={topic.created_at}
          editedAt={topic.edited_at}
          deletedAt={topic.deleted_at}
          isPrivate={!topic.is_public}
        />
        <Box sx={{ mt: 1 }}>
          {deleted ? (
            <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
              This topic was deleted.
            </Typography>
          ) : isConcealed(topic) ? (
            <HiddenNotice post={topic} what="topic" />
          ) : editing ? (
            <>
              <Attachments files={topic.images} onRemove={(file) => void removeFile(file.id)} />
              <PostForm
                label="Edit topic"
                submitLabel="Save"
                initialText={topic.text}
                canSetPrivate={permissions.can_set_private}
                initialPrivate={!topic.is_public}
                already={topic.images.length}
                phiBlocking={permissions.phi_blocking}
                onCancel={() => setEditing(false)}
                onSubmit={async ({ text, isPrivate, files, phiDeclared }) => {
                  const saved = await updateDiscussion(topicType, targetId, topic.id, { text, is_public: !isPrivate, files, phi_declared: phiDeclared });
                  await onChanged();
                  setEditing(false);
                  return saved.data;
                }}
              />
            </>
          ) : (
            <>
              <HiddenNotice post={topic} what="topic" />
              <ClampedRichText html={topic.text} limit={TOPIC_CLAMP} />
              <Attachments files={topic.images} />
            </>
          )}
        </Box>
        {!editing && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            {/* A deleted post keeps its place in the thread, not its votes. */}
            {!deleted && (
              <VoteButtons
                votes={topic.votes}
                reaction={topic.user_reaction}
                disabledReason={topic.cannot_vote ?? undefined}
                vote={async (reaction) => (await voteDiscussion(topic.id, { reaction })).data}
              />
            )}
            {!deleted && <ReactionBar postId={topic.id} reactions={topic.reactions} canReact={topic.can_react} />}
            {canWrite && !deleted && (
              <Button size="small" startIcon={<ReplyIcon />} onClick={() => setReplyTo(null)}>
                Reply
              </Button>
            )}
            {topic.can_edit && (
              <Button size="small" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {topic.can_delete && (
              <DeleteAction
                label="topic"
                remove={async () => {
                  const result = await deleteDiscussion(topicType, targetId, topic.id);
                  await onChanged();
                  return result;
                }}
              />
            )}
            {!deleted && !topic.is_owner && <ReportButton subjectType="topic" subjectId={topic.id} what="this topic" />}
            {isSignedIn && !deleted && (
              <FollowMenu
                key={topic.subscription}
                subjectType={SubjectType.topic} subjectId={topic.id} level={topic.subscription} what="this topic" size="small" />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {counted(topic.num_replies, 'reply', 'replies')}
            </Typography>
          </Stack>
        )}
        <NewPostsButton count={newReplies} one="new reply" many="new replies" onShow={onChanged} />
        <ReplyList topic={topic} canWrite={canWrite} phiBlocking={permissions.phi_blocking} onReply={setReplyTo} onChanged={onChanged} />
        {replyTo !== undefined && (
          <Box sx={{ mt: 2 }}>
            <PostForm
              label="Your reply"
              submitLabel="Reply"
              context={replyTo && <QuoteBlock author={replyTo.created_by?.name} text={plainText(replyTo.text)} />}
              phiBlocking={permissions.phi_blocking}
              onCancel={() => setReplyTo(undefined)}
              onSubmit={async ({ text, files, phiDeclared }) => {
                const posted = await createComment(topic.id, { text, files, parent: replyTo?.id, phi_declared: phiDeclared });
                await onChanged();
                setReplyTo(undefined);
                return posted.data;
              }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
