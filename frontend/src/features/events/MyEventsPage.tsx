import { Container, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answerEvent, getListMyEventsQueryKey, useListMyEvents } from '@/api/endpoints/events/events';
import type { Answer, Meeting } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { EventCard } from '@/ui/events/EventCard';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { CalendarAddress } from './CalendarAddress';

/** /events: the coming events of every working group and project the member belongs to,
 * answered here too, and the secret address their calendar app subscribes to. */
export function MyEventsPage() {
  usePageTitle('Your events');
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useListMyEvents();
  const [busy, setBusy] = useState(false);
  const answer = async (meeting: Meeting, given: Answer) => {
    setBusy(true);
    try {
      await answerEvent(meeting.id, { answer: given });
      await queryClient.invalidateQueries({ queryKey: getListMyEventsQueryKey() });
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Your events
        </Typography>
        <CalendarAddress />
        <Typography variant="h5" component="h2">
          Coming up
        </Typography>
        {list.isPending && <Loading label="Loading your events" />}
        {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
        {list.isSuccess && list.data.data.length === 0 && (
          <EmptyState>No events coming up in your working groups and projects</EmptyState>
        )}
        {list.isSuccess &&
          list.data.data.map((meeting) => (
            <EventCard key={meeting.id} meeting={meeting} showHost busy={busy} onAnswer={(given) => void answer(meeting, given)} />
          ))}
      </Stack>
    </Container>
  );
}
