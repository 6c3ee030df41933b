import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answerEvent, cancelEvent, createEvent, getListHostEventsQueryKey, updateEvent, useListHostEvents } from '@/api/endpoints/events/events';
import type { Answer, HostType, Meeting } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { EventCard } from './EventCard';
import { EventDialog } from './EventDialog';

/** The id of a page's events section (`#events` links, from reminders, land on it). */
export const EVENTS_ANCHOR = 'events';

interface Props {
  hostType: HostType;
  hostId: number;
  /** The host's managers schedule (the list says so too, per event). */
  canSchedule: boolean;
}

/**
 * A working group's or project's coming events (issue 49 §7), for its members: each with
 * the member's answer, and for its managers scheduling, changes and cancelling.
 */
export function EventsPanel({ hostType, hostId, canSchedule }: Props) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useListHostEvents(hostType, hostId);
  const [editing, setEditing] = useState<Meeting | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListHostEventsQueryKey(hostType, hostId) });

  const answer = async (meeting: Meeting, given: Answer) => {
    setBusy(true);
    try {
      await answerEvent(meeting.id, { answer: given });
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      const { data } = await cancelEvent(cancelling.id);
      toast(data.message, 'success');
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  return (
    <Stack component="section" id={EVENTS_ANCHOR} aria-labelledby="events-heading" spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="events-heading" variant="h5" component="h2">
          Upcoming events
        </Typography>
        {canSchedule && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Schedule an event
          </Button>
        )}
      </Stack>
      {list.isPending && <Loading label="Loading events" />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.data.length === 0 && <EmptyState>No events coming up</EmptyState>}
      {list.isSuccess &&
        list.data.data.map((meeting) => (
          <EventCard
            key={meeting.id}
            meeting={meeting}
            busy={busy}
            onAnswer={(given) => void answer(meeting, given)}
            onEdit={() => setEditing(meeting)}
            onCancel={() => setCancelling(meeting)}
          />
        ))}
      {editing && (
        <EventDialog
          meeting={editing === 'new' ? undefined : editing}
          onSave={async (request) => {
            if (editing === 'new') await createEvent(hostType, hostId, request);
            else await updateEvent(editing.id, request);
            toast(editing === 'new' ? 'The event is scheduled.' : 'The event is changed.', 'success');
            await refresh();
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={`Cancel ${cancelling?.title ?? 'the event'}?`}
        confirmLabel="Cancel event"
        cancelLabel="Keep it"
        danger
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(null)}
      >
        Members will no longer see it, and nobody is reminded of it.
      </ConfirmDialog>
    </Stack>
  );
}
