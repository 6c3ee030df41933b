import { z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError, SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { RichTextField } from '@/ui/form/RichTextField';
import { applyServerErrors } from '@/lib/form-errors';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { useToast } from '@/ui/toast';
import { FilePicker } from './FilePicker';
import { useMentionPlace } from './mention-place';
import { FIELD_REQUIRED } from '@/lib/field-texts';

const schema = z.object({
  text: z.string().trim().min(1, FIELD_REQUIRED),
  isPrivate: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** What saving a post answers, as far as the form cares. */
export interface Posted {
  unreached_mentions?: string[];
}

/** "Cy Lee was not notified: they cannot read this topic." */
export function unreachedText(names: string[]): string {
  const who = names.length === 1 ? `${names[0]} was` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} were`;
  return `${who} not notified: they cannot read this topic.`;
}

export interface PostValues {
  text: string;
  isPrivate: boolean;
  files: File[];
  /** The author declared they may share what the patient-data guardrail found. */
  phiDeclared: boolean;
}

interface Props {
  label: string;
  submitLabel: string;
  initialText?: string;
  /** Offer "Make private" (holders of can_set_private, on topics). */
  canSetPrivate?: boolean;
  initialPrivate?: boolean;
  /** Files the post already has. */
  already?: number;
  /** Shown above the editor (the reply being answered). */
  context?: ReactNode;
  /** The place publishes nothing the patient-data guardrail flags (permissions.phi_blocking). */
  phiBlocking?: boolean;
  /** Saves the post; what it answers may name members its @mentions could not reach. */
  onSubmit: (values: PostValues) => Promise<Posted | undefined>;
  onCancel?: () => void;
}

/** Writing a topic or reply, new or edited: rich text, files, and privacy for topics. */
export function PostForm({
  label,
  submitLabel,
  initialText = '',
  canSetPrivate = false,
  initialPrivate = false,
  already = 0,
  context,
  phiBlocking = false,
  onSubmit,
  onCancel,
}: Props) {
  const guardrail = usePatientDataCheck(phiBlocking);
  const mentions = useMentionPlace();
  const toast = useToast();
  const [files, setFiles] = useState<File[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | undefined>();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { text: initialText, isPrivate: initialPrivate },
  });

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    setFilesError(undefined);
    // Issue 24 §1: what may identify a patient is shown first; the author edits or declares.
    const choice = await guardrail.check(values.text, files);
    if (!choice.publish) return;
    try {
      const posted = await onSubmit({ text: values.text, isPrivate: values.isPrivate, files, phiDeclared: choice.declared });
      form.reset({ text: '', isPrivate: false });
      setFiles([]);
      const unreached = posted?.unreached_mentions ?? [];
      if (unreached.length > 0) toast(unreachedText(unreached), 'warning');
    } catch (error) {
      // Spec 2 §8: field texts go on their fields; anything else reads "Something went wrong.".
      const onText = applyServerErrors(error, ['text'], form.setError) === null;
      const file = error instanceof ApiError ? error.fieldErrors('files')[0] : undefined;
      setFilesError(file);
      if (!onText && !file) setBanner(SOMETHING_WENT_WRONG);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={1.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {guardrail.prompt}
        {context}
        <RichTextField control={form.control} name="text" label={label} required mentions={mentions} />
        <FilePicker files={files} onChange={setFiles} already={already} error={filesError} />
        {canSetPrivate && (
          <Controller
            name="isPrivate"
            control={form.control}
            // Controlled: a reset after posting unticks what the reader sees, not only the value.
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                label="Make private (members only)"
              />
            )}
          />
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Posting" /> : submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
