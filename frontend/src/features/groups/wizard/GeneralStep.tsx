import { zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createGroup, setGroupImage, updateGroup, useListProjectTags } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormSelect } from '@/ui/form/FormSelect';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { ImageField } from '@/ui/form/ImageField';
import { type GeneralValues, generalDefaults, generalSchema } from './schema';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

const FIELDS = ['title', 'tags', 'summary', 'image', 'embedded_link', 'additional_info'] as const;

interface Props {
  group?: GroupDetail;
  onSaved: (group: GroupDetail) => void;
}

/**
 * Step 1 (General). Save & next creates the group, or updates it once it exists, then
 * uploads the image only when a new one was chosen (spec 2 §4 Wizard).
 */
export function GeneralStep({ group, onSaved }: Props) {
  const tags = useListProjectTags();
  const [file, setFile] = useState<File | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema),
    defaultValues: generalDefaults(group),
    mode: 'onChange',
  });

  const guardrail = usePatientDataCheck();
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    // Issue 24 §1: what may identify a patient is shown first; the owner edits or declares.
    const choice = await guardrail.check([values.summary, values.additional_info].join('\n'));
    if (!choice.publish) return;
    const body = {
      title: values.title,
      tags: values.tags,
      summary: values.summary,
      embedded_link: values.embedded_link.trim() || null,
      additional_info: values.additional_info || null,
      phi_declared: choice.declared,
    };
    try {
      let saved = group ? (await updateGroup(group.id, body)).data : (await createGroup(body)).data;
      if (file) saved = (await setGroupImage(saved.id, { file })).data;
      setFile(null);
      onSaved(saved);
    } catch (error) {
      const fileError = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      if (fileError) form.setError('image', { type: 'server', message: fileError });
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="General">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {guardrail.prompt}
        <FormTextField control={form.control} name="title" label="Title" required />
        <FormSelect
          control={form.control}
          name="tags"
          label="Topics"
          multiple
          required
          options={(tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
        />
        <RichTextField control={form.control} name="summary" label="Summary" required />
        <ImageField
          current={group?.image ?? ''}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            form.setValue('image', chosen.name, { shouldValidate: true });
          }}
          error={form.formState.errors.image?.message}
        />
        <FormTextField
          control={form.control}
          name="embedded_link"
          label="Video link (optional)"
          helperText="A YouTube, Vimeo, Facebook, Twitch or Dailymotion address is shown as a video."
        />
        <RichTextField control={form.control} name="additional_info" label="Additional info (optional)" />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-end' }}>
          Save & next
        </Button>
      </Stack>
    </Box>
  );
}
