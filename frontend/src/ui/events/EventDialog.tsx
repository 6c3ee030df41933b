import { Alert, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Meeting, MeetingRequest } from '@/api/model';
import { createEventBody } from '@/api/zod/events/events.zod';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { browserZone, timeZoneOptions, utcToZoned, zonedToUtc } from '@/lib/time-zones';
import { z, zodResolver } from '@/lib/zod';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';

// Whether a meeting is held somewhere (a link or a place) is the server's rule: its text lands
// on Place.
const schema = z.object({
  title: createEventBody.shape.title,
  description: z.string().max(5000),
  starts: z.string().min(1),
  ends: z.string().min(1),
  time_zone: z.string().min(1),
  online_url: z.string().max(1024),
  place: z.string().max(300),
});
type Values = z.infer<typeof schema>;

const FIELDS = ['title', 'description', 'starts_at', 'ends_at', 'time_zone', 'online_url', 'place'] as const;
/** The form's field for each of the server's. */
const ON_FORM: Record<(typeof FIELDS)[number], keyof Values> = {
  title: 'title',
  description: 'description',
  starts_at: 'starts',
  ends_at: 'ends',
  time_zone: 'time_zone',
  online_url: 'online_url',
  place: 'place',
};

interface Props {
  /** The event to change; absent to schedule one. */
  meeting?: Meeting;
  onSave: (request: MeetingRequest) => Promise<unknown>;
  onClose: () => void;
}

/** Schedules or changes an event: its times are written in the zone chosen beside them. */
export function EventDialog({ meeting, onSave, onClose }: Props) {
  const zones = useMemo(() => timeZoneOptions(), []);
  const [banner, setBanner] = useState<string | null>(null);
  const zone = meeting?.time_zone ?? browserZone();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: meeting?.title ?? '',
      description: meeting?.description ?? '',
      starts: meeting ? utcToZoned(meeting.starts_at, zone) : '',
      ends: meeting ? utcToZoned(meeting.ends_at, zone) : '',
      time_zone: zone,
      online_url: meeting?.online_url ?? '',
      place: meeting?.place ?? '',
    },
  });
  // The server's "Give an online link or a place." is about both fields: a link typed after
  // it clears it under Place.
  const link = useWatch({ control: form.control, name: 'online_url' });
  const linkBefore = useRef(link);
  useEffect(() => {
    if (link === linkBefore.current) return;
    linkBefore.current = link;
    form.clearErrors('place');
  }, [link, form]);
  const submit = form.handleSubmit(async (v) => {
    setBanner(null);
    try {
      await onSave({
        title: v.title,
        description: v.description.trim() || null,
        starts_at: zonedToUtc(v.starts, v.time_zone).toISOString(),
        ends_at: zonedToUtc(v.ends, v.time_zone).toISOString(),
        time_zone: v.time_zone,
        online_url: v.online_url.trim() || null,
        place: v.place.trim() || null,
      });
      onClose();
    } catch (error) {
      let onFields = 0;
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const [text] = error.fieldErrors(field);
          if (text) {
            form.setError(ON_FORM[field], { type: 'server', message: text });
            onFields += 1;
          }
        }
      }
      const text = applyServerErrors(error, [], form.setError);
      setBanner(onFields > 0 ? null : text);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="event-dialog-title">
      <DialogTitle id="event-dialog-title">{meeting ? 'Change the event' : 'Schedule an event'}</DialogTitle>
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <FormTextField control={form.control} name="title" label="Title" required />
            <FormTextField control={form.control} name="description" label="Description" multiline minRows={3} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.register('starts')}
                type="datetime-local"
                label="Starts"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(form.formState.errors.starts)}
                helperText={form.formState.errors.starts?.message}
              />
              <TextField
                {...form.register('ends')}
                type="datetime-local"
                label="Ends"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(form.formState.errors.ends)}
                helperText={form.formState.errors.ends?.message}
              />
            </Stack>
            <FormSelect control={form.control} name="time_zone" label="Time zone" options={zones} />
            <FormTextField control={form.control} name="online_url" label="Online link" type="url" />
            <FormTextField control={form.control} name="place" label="Place" />
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={form.formState.isSubmitting} submitLabel={meeting ? 'Save' : 'Schedule'} />
      </Stack>
    </Dialog>
  );
}
