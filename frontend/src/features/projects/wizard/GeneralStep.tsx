import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useListProjectTags } from '@/api/endpoints/groups/groups';
import { createProject, saveProjectGeneral, setProjectImage } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { createProjectBody, createProjectBodyTagsMax } from '@/api/zod/projects/projects.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { ApiError } from '@/lib/api-error';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { ImageField } from '@/ui/form/ImageField';
import { RichTextField } from '@/ui/form/RichTextField';
import { StepActions } from './StepActions';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

// The contract's fields; the video link is a plain field here (blank means none).
const schema = createProjectBody.extend({ video_url: z.string() });
type Values = z.infer<typeof schema>;
const FIELDS = ['title', 'tags', 'lay_summary', 'video_url'] as const;

/** Step 1: creates the draft, or saves it again once it exists. */
export function GeneralStep({ project, onSaved }: { project?: ProjectDraft; onSaved: (saved: ProjectDraft) => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const topics = useListProjectTags();
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: {
      title: project?.title ?? '',
      tags: project?.tags ?? [],
      lay_summary: project?.lay_summary ?? '',
      video_url: project?.video_url ?? '',
    },
  });
  const guardrail = usePatientDataCheck();
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    // Issue 24 §1: what may identify a patient is shown first; the owner edits or declares.
    const choice = await guardrail.check(values.lay_summary);
    if (!choice.publish) return;
    const body = { ...values, video_url: values.video_url || null, phi_declared: choice.declared };
    try {
      let saved = (project ? await saveProjectGeneral(project.id, body) : await createProject(body)).data;
      // The picture goes second, once the project exists (the part is named `project`).
      if (file) saved = (await setProjectImage(saved.id, { file: new File([file], 'project', { type: file.type }) })).data;
      onSaved(saved);
    } catch (error) {
      const fileError = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      setBanner(fileError ?? applyServerErrors(error, FIELDS, form.setError));
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
          max={createProjectBodyTagsMax}
          options={(topics.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
        />
        <RichTextField
          control={form.control}
          name="lay_summary"
          label="Lay summary"
          helperText="For patients and the public: what the project will do, in plain words."
          required
        />
        <ImageField current={project?.image ?? ''} file={file} onFile={setFile} label="Project image" required={false} />
        <FormTextField
          control={form.control}
          name="video_url"
          label="Video (optional)"
          placeholder="https://"
          helperText="A YouTube, Vimeo, Facebook, Twitch or Dailymotion link shows as a player."
        />
        <StepActions busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
