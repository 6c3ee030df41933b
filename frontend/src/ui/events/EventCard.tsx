import EventIcon from '@mui/icons-material/EventOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { Button, Card, CardActions, CardContent, Link, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Answer, type Meeting } from '@/api/model';
import { inZone } from '@/lib/time-zones';
import { answerLabels } from './answers';

interface Props {
  meeting: Meeting;
  /** Names its host (the member's own list of events). */
  showHost?: boolean;
  busy?: boolean;
  onAnswer?: (answer: Answer) => void;
  onEdit?: () => void;
  onCancel?: () => void;
}

/** One event: when (in its own zone), where, who is going, and the member's answer. */
export function EventCard({ meeting, showHost = false, busy = false, onAnswer, onEdit, onCancel }: Props) {
  return (
    <Card variant="outlined" component="article" aria-label={meeting.title}>
      <CardContent>
        <Stack spacing={1}>
          {showHost && (
            <Link component={RouterLink} to={`${meeting.host_route}#events`} variant="body2">
              {meeting.host_title}
            </Link>
          )}
          <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-word' }}>
            {meeting.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EventIcon fontSize="small" aria-hidden />
            <Typography>
              {inZone(meeting.starts_at, meeting.time_zone)} – {inZone(meeting.ends_at, meeting.time_zone)}
            </Typography>
          </Stack>
          {meeting.place && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PlaceIcon fontSize="small" aria-hidden />
              <Typography sx={{ wordBreak: 'break-word' }}>{meeting.place}</Typography>
            </Stack>
          )}
          {meeting.online_url && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LinkIcon fontSize="small" aria-hidden />
              <Link href={meeting.online_url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                Join online
              </Link>
            </Stack>
          )}
          {meeting.description && (
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {meeting.description}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {meeting.going} going · {meeting.maybe} maybe
          </Typography>
        </Stack>
      </CardContent>
      {(meeting.can_answer || meeting.can_manage) && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {meeting.can_answer && onAnswer && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={meeting.my_answer ?? null}
              disabled={busy}
              aria-label={`Your answer to ${meeting.title}`}
              onChange={(_, next: Answer | null) => next && onAnswer(next)}
            >
              {Object.values(Answer).map((answer) => (
                <ToggleButton key={answer} value={answer}>
                  {answerLabels[answer]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {meeting.can_manage && onEdit && (
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
          )}
          {meeting.can_manage && onCancel && (
            <Button size="small" color="error" onClick={onCancel}>
              Cancel event
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
