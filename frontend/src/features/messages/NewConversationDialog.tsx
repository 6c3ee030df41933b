import {
  Alert,
  Autocomplete,
  Avatar,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useGetPublicProfile } from '@/api/endpoints/auth/auth';
import { getListConversationsQueryKey, startConversation, useListMessageRecipients } from '@/api/endpoints/messages/messages';
import type { Participant } from '@/api/model';
import { startConversationBody } from '@/api/zod/messages/messages.zod';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { initial } from '@/lib/initial';
import { useDebounced } from '@/lib/useDebounced';
import { z, zodResolver } from '@/lib/zod';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';

/** Suggestions follow typing this soon (a name, not a search page). */
const SUGGEST_AFTER_MS = 250;

const participant = z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() });
const schema = z.object({
  // How many, and who, is the server's rule: its texts land on this field (member_ids).
  members: z.array(participant),
  body: startConversationBody.shape.body,
});
type Values = z.infer<typeof schema>;

interface Props {
  /** A member to write to, from their profile ("Send a message"). */
  to?: number;
  onClose: () => void;
}

/**
 * A first message to one member or a few (issue 49 §6): members are suggested from the
 * working groups and conversations the writer shares with them; anyone else is written to
 * from their profile. Writing to the same members again goes on in their conversation.
 */
export default function NewConversationDialog({ to, onClose }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const guardrail = usePatientDataCheck();
  const [banner, setBanner] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, SUGGEST_AFTER_MS);
  const suggestions = useListMessageRecipients({ q });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { members: [], body: '' } });
  const profile = useGetPublicProfile(to ?? 0, { query: { enabled: to !== undefined } });
  const named = profile.data?.data;
  useEffect(() => {
    if (named) form.setValue('members', [{ id: named.id, name: named.name, avatar: named.avatar ?? null }]);
  }, [named, form]);

  const submit = form.handleSubmit(async ({ members, body }) => {
    setBanner(null);
    const choice = await guardrail.check(body);
    if (!choice.publish) return;
    try {
      const { data } = await startConversation({ member_ids: members.map((m) => m.id), body, phi_declared: choice.declared });
      await queryClient.invalidateQueries({ queryKey: getListConversationsQueryKey() });
      onClose();
      void navigate(`/messages/${data.conversation_id}`);
    } catch (error) {
      const onMembers = error instanceof ApiError ? error.fieldErrors('member_ids')[0] : undefined;
      if (onMembers) form.setError('members', { type: 'server', message: onMembers });
      const text = applyServerErrors(error, ['body'], form.setError);
      setBanner(onMembers ? null : text);
    }
  });

  const options: Participant[] = suggestions.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-message-title">
      <DialogTitle id="new-message-title">New message</DialogTitle>
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            {guardrail.prompt}
            <Controller
              name="members"
              control={form.control}
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={options}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  onInputChange={(_, value) => setTyped(value)}
                  filterOptions={(all) => all}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  loading={suggestions.isFetching}
                  noOptionsText="No member of your working groups or conversations has that name"
                  renderOption={({ key, ...props }, option) => (
                    <li key={key} {...props}>
                      <Avatar src={option.avatar ?? undefined} alt="" sx={{ width: 28, height: 28, mr: 1.5, fontSize: 14 }}>
                        {initial(option.name)}
                      </Avatar>
                      {option.name}
                    </li>
                  )}
                  renderValue={(value, getItemProps) =>
                    value.map((option, index) => {
                      const { key, ...chip } = getItemProps({ index });
                      return <Chip key={key} label={option.name} {...chip} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField {...params} label="To" required error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
                  )}
                />
              )}
            />
            <TextField
              {...form.register('body')}
              label="Message"
              required
              multiline
              minRows={4}
              error={Boolean(form.formState.errors.body)}
              helperText={form.formState.errors.body?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Sending" /> : 'Send'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
