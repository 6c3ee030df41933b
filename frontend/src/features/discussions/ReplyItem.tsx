import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { deleteComment, deleteCommentImage, updateComment, voteComment } from '@/api/endpoints/discussions/discussions';
import type { Comment } from '@/api/model';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { ReportButton } from '@/ui/moderation/ReportButton';
import { RichText } from '@/ui/RichText';
import { useToast } from '@/ui/toast';
import { Attachments } from './Attachments';
import { ClampedText } from './Clamped';
import { HiddenNotice, isConcealed } from './HiddenNotice';
import { DeleteAction } from './DeleteAction';
import { QUOTE_CLAMP } from './limits';
import { PostForm } from './PostForm';
import { PostHeader } from './PostHeader';
import { ReactionBar } from './ReactionBar';
import { VoteButtons } from './VoteButtons';

interface Props {
  comment: Comment;
  canWrite: boolean;
  /** Text the patient-data guardrail flags is not published here. */
  phiBlocking: boolean;
  onReply: (comment: Comment) => void;
  onChanged: () => Promise<unknown>;
}

/** What a reply answers, cut at 100 characters with Show more. */
export function QuoteBlock({ author, text }: { author?: string; text: string }) {
  return (
    <Box component="blockquote" sx={{ m: 0, my: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}>
      {author && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
          {author} wrote:
        </Typography>
      )}
      <Typography variant="body2" component="span">
        <ClampedText text={text} limit={QUOTE_CLAMP} />
      </Typography>
    </Box>
  );
}

/** One reply: its quote, text, files, votes and the author's Edit and Delete. */
export function ReplyItem({ comment, canWrite, phiBlocking, onReply, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const deleted = Boolean(comment.deleted_at);

  const removeFile = async (fileId: number) => {
    try {
      await deleteCommentImage(comment.discussion, fileId);
      await onChanged();
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error');
    }
  };

  return (
    <Box component="article" aria-label={`Reply by ${comment.created_by?.name ?? 'a former member'}`} sx={{ py: 1.5 }}>
      <PostHeader author={comment.created_by} createdAt={comment.created_at} editedAt={comment.edited_at} deletedAt={comment.deleted_at} />
      <Box sx={{ pl: { sm: 5.25 } }}>
        {comment.quotes && !deleted && <QuoteBlock author={comment.quotes.created_by?.name} text={comment.quotes.text} />}
        {deleted ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic', my: 1 }}>
            This reply was deleted.
          </Typography>
        ) : isConcealed(comment) ? (
          <HiddenNotice post={comment} what="reply" />
        ) : editing ? (
          <Box sx={{ my: 1 }}>
            <Attachments files={comment.images} onRemove={(file) => void removeFile(file.id)} />
            <PostForm
              label="Edit reply"
              submitLabel="Save"
              initialText={comment.text}
              already={comment.images.length}
              phiBlocking={phiBlocking}
              onCancel={() => setEditing(false)}
              onSubmit={async ({ text, files, phiDeclared }) => {
                const saved = await updateComment(comment.discussion, comment.id, { text, files, phi_declared: phiDeclared });
                await onChanged();
                setEditing(false);
                return saved.data;
              }}
            />
          </Box>
        ) : (
          <>
            <HiddenNotice post={comment} what="reply" />
            <RichText html={comment.text} />
            <Attachments files={comment.images} />
          </>
        )}
        {!editing && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* A deleted post keeps its place in the thread, not its votes. */}
            {!deleted && (
              <VoteButtons
                votes={comment.votes}
                reaction={comment.user_reaction}
                disabledReason={comment.cannot_vote ?? undefined}
                vote={async (reaction) => (await voteComment(comment.id, { reaction })).data}
              />
            )}
            {!deleted && <ReactionBar postId={comment.id} reactions={comment.reactions} canReact={comment.can_react} />}
            {canWrite && !deleted && (
              <Button size="small" startIcon={<FormatQuoteIcon />} onClick={() => onReply(comment)}>
                Reply
              </Button>
            )}
            {comment.can_edit && (
              <Button size="small" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {!deleted && !comment.is_owner && <ReportButton subjectType="reply" subjectId={comment.id} what="this reply" />}
            {comment.can_delete && (
              <DeleteAction
                label="reply"
                remove={async () => {
                  const result = await deleteComment(comment.discussion, comment.id);
                  await onChanged();
                  return result;
                }}
              />
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
