import { Box, Paper, Stack, Typography } from '@mui/material';
import type { Message } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { ReportButton } from '@/ui/moderation/ReportButton';

/** What shows in place of a message moderators removed. */
export function removedText(message: Message): string | null {
  if (message.deleted) return 'Removed by the moderators.';
  if (message.hidden && message.body === null) return 'Hidden by the moderators.';
  return null;
}

/** One message: the member's own on the right; the author named where several talk. */
export function MessageItem({ message, showAuthor }: { message: Message; showAuthor: boolean }) {
  const removed = removedText(message);
  return (
    <Stack component="article" aria-label={`${message.mine ? 'You' : message.author.name}, ${dateTime(message.created_at)}`} sx={{ alignItems: message.mine ? 'flex-end' : 'flex-start' }}>
      {showAuthor && !message.mine && (
        <Typography variant="caption" color="text.secondary">
          {message.author.name}
        </Typography>
      )}
      <Paper
        elevation={0}
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: { xs: '90%', md: '75%' },
          bgcolor: message.mine ? 'primary.main' : 'action.hover',
          color: message.mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {removed ? (
          <Typography sx={{ fontStyle: 'italic' }}>{removed}</Typography>
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.body}</Typography>
        )}
        {message.hidden_reason && (
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
            Hidden by the moderators: {message.hidden_reason}
          </Typography>
        )}
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {dateTime(message.created_at)}
        </Typography>
        {message.can_report && <ReportButton subjectType="message" subjectId={message.id} what={`this message from ${message.author.name}`} />}
      </Box>
    </Stack>
  );
}
