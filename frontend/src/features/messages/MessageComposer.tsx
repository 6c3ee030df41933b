import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { sendMessage } from '@/api/endpoints/messages/messages';
import { sendMessageBody } from '@/api/zod/messages/messages.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { z, zodResolver } from '@/lib/zod';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { useState } from 'react';

const schema = z.object({ body: sendMessageBody.shape.body });
type Values = z.infer<typeof schema>;

/**
 * Writes in a conversation: the patient-data guardrail first (edit, or declare), then the
 * message; Ctrl+Enter (⌘+Enter) sends. The conversation reloads as its own message arrives
 * on the live channel.
 */
export function MessageComposer({ conversationId, onSent }: { conversationId: number; onSent?: () => void }) {
  const guardrail = usePatientDataCheck();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { body: '' } });
  const submit = form.handleSubmit(async ({ body }) => {
    setBanner(null);
    const choice = await guardrail.check(body);
    if (!choice.publish) return;
    try {
      await sendMessage(conversationId, { body, phi_declared: choice.declared });
      form.reset({ body: '' });
      onSent?.();
    } catch (error) {
      setBanner(applyServerErrors(error, ['body'], form.setError));
    }
  });
  const error = form.formState.errors.body?.message;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} aria-label="Write a message">
      {banner && <Alert severity="error">{banner}</Alert>}
      {guardrail.prompt}
      <TextField
        {...form.register('body')}
        label="Message"
        multiline
        minRows={2}
        maxRows={8}
        error={Boolean(error)}
        helperText={error ?? 'Ctrl+Enter sends'}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Sending" /> : 'Send'}
        </Button>
      </Stack>
    </Stack>
  );
}
