import { FIELD_REQUIRED, trimming, z, zodResolver } from '@/lib/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { getListWebhooksQueryKey, useCreateWebhook } from '@/api/endpoints/webhooks/webhooks';
import type { EventKind, EventKindInfo } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormTextField } from '@/ui/form/FormTextField';

// The events are kept beside the form, as the token form keeps its scopes: a set of
// choices in zod would pull its array and enum checks into the chunk every form shares.
const schema = z.object({ url: z.string().min(1, FIELD_REQUIRED) });

type Values = z.infer<typeof schema>;

const FIELDS = ['url'] as const;

/** The receiver's address and the events it takes (those the server offers this scope). */
export function WebhookForm({
  groupId,
  kinds,
  onCreated,
}: {
  groupId?: number;
  kinds: EventKindInfo[];
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const [events, setEvents] = useState<EventKind[]>([]);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: trimming(zodResolver(schema)), defaultValues: { url: '' } });

  const toggle = (kind: EventKind, on: boolean) =>
    setEvents((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)));

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setEventsError(null);
    try {
      const { data } = await create.mutateAsync({ data: { url: values.url, events, group_id: groupId } });
      form.reset({ url: '' });
      setEvents([]);
      onCreated(data.secret);
      await queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });
    } catch (error) {
      setEventsError(error instanceof ApiError ? (error.fieldErrors('events')[0] ?? null) : null);
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="New webhook">
      <Stack spacing={2}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField
          control={form.control}
          name="url"
          label="Receiver's address"
          required
          placeholder="https://hooks.example.org/cohort"
          helperText="Where each event is POSTed"
          slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2000 } }}
        />
        <FormControl error={eventsError !== null} component="fieldset">
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup>
            {kinds.map((kind) => (
              <FormControlLabel
                key={kind.kind}
                control={
                  <Checkbox
                    checked={events.includes(kind.kind)}
                    onChange={(event) => toggle(kind.kind, event.target.checked)}
                  />
                }
                label={kind.description}
              />
            ))}
          </FormGroup>
          {eventsError && <FormHelperText>{eventsError}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Create webhook
        </Button>
      </Stack>
    </Box>
  );
}
