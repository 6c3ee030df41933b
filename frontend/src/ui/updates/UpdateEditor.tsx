import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { createGroupUpdateBody } from '@/api/zod/groups/groups.zod';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { ImageField } from '@/ui/form/ImageField';
import { RichTextField } from '@/ui/form/RichTextField';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';

/** Spec 2 §9: the next screen 2000 ms after a save. */
export const UPDATE_REDIRECT_MS = 2000;
// The contract's title and text (the same for group and project updates); the address is
// a plain field here (blank means none).
const schema = createGroupUpdateBody.pick({ title: true, text: true }).extend({ video_url: z.string() });
type Values = z.infer<typeof schema>;
const FIELDS = ['title', 'text', 'video_url'] as const;

export interface UpdateBody {
  title: string;
  text: string;
  video_url: string | null;
  /** The author declared they may share what the patient-data guardrail found. */
  phi_declared: boolean;
}

interface Props {
  /** The update being edited, if any. */
  update?: { title: string; text: string; video_url?: string | null; image?: string | null };
  /** "Working Group" or "Project": the picture's and video's labels. */
  noun: string;
  /** Saves the text; the saved update's id. */
  save: (body: UpdateBody) => Promise<number>;
  /** Uploads the picture of update `id` (spec 2 §4: a second call after the text). */
  setImage: (id: number, file: File) => Promise<unknown>;
  /** Where to go 2 s after a save, if anywhere. */
  next: (id: number) => string | null;
}

/** The update form of spec 2 §2: title, text, picture and video, Save with a spinner, a red
 * area for errors and a green one for Success. */
export function UpdateEditor({ update, noun, save, setImage, next }: Props) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { title: update?.title ?? '', text: update?.text ?? '', video_url: update?.video_url ?? '' },
  });
  const guardrail = usePatientDataCheck();
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setDone(false);
    // Issue 24 §1: what may identify a patient is shown first; the author edits or declares.
    const choice = await guardrail.check(values.text);
    if (!choice.publish) return;
    try {
      const id = await save({
        title: values.title,
        text: values.text,
        video_url: values.video_url.trim() || null,
        phi_declared: choice.declared,
      });
      if (file) await setImage(id, file);
      setDone(true);
      const to = next(id);
      if (to) {
        setLeaving(true);
        window.setTimeout(() => void navigate(to), UPDATE_REDIRECT_MS);
      }
    } catch (error) {
      const fileError = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      setBanner(fileError ?? applyServerErrors(error, FIELDS, form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Update">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {guardrail.prompt}
        {done && (
          <Alert severity="success" role="status">
            Success
          </Alert>
        )}
        <FormTextField control={form.control} name="title" label="Title" required />
        <RichTextField control={form.control} name="text" label="Text of update" required />
        <ImageField current={update?.image ?? ''} file={file} onFile={setFile} label={`${noun} Image`} required={false} />
        <FormTextField control={form.control} name="video_url" label={`${noun} Video (optional)`} placeholder="https://" />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || leaving} sx={{ alignSelf: 'flex-start' }}>
          {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
