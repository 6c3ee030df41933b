import { Alert, Typography } from '@mui/material';

interface HideablePost {
  text: string;
  hidden_at?: string | null;
  hidden_reason?: string | null;
}

/** Whether a post is hidden from the viewer: the server sent its place without its words. */
export function isConcealed(post: HideablePost): boolean {
  return Boolean(post.hidden_at) && post.text === '';
}

/**
 * A post the moderators hid: others see that it is hidden; its author and the moderators
 * read it under a warning with the reason.
 */
export function HiddenNotice({ post, what }: { post: HideablePost; what: 'topic' | 'reply' }) {
  if (!post.hidden_at) return null;
  if (isConcealed(post)) {
    return (
      <Typography color="text.secondary" sx={{ fontStyle: 'italic', my: 1 }}>
        This {what} is hidden by the moderators.
      </Typography>
    );
  }
  return (
    <Alert severity="warning" sx={{ my: 1 }}>
      Hidden from other members by the moderators.{post.hidden_reason ? ` Reason: ${post.hidden_reason}` : ''}
    </Alert>
  );
}
