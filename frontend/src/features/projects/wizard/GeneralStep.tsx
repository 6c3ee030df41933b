import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useListProjectTags } from '@/api/endpoints/groups/groups';
import { createProject, saveProjectGeneral } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { createProjectBody } from '@/api/zod/projects/projects.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, type z, zodResolver } from '@/lib/zod';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { StepActions } from './StepActions';

type Values = z.infer<typeof createProjectBody>;
const FIELDS = ['title', 'tags', 'lay_summary'] as const;

/** Step 1: creates the draft, or saves it again once it exists. */
export function GeneralStep({ project, onSaved }: { project?: ProjectDraft; onSaved: (saved: ProjectDraft) => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const topics = useListProjectTags();
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(createProjectBody))),
    defaultValues: { title: project?.title ?? '', tags: project?.tags ?? [], lay_summary: project?.lay_summary ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = project ? await saveProjectGeneral(project.id, values) : await createProject(values);
      onSaved(saved.data);
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="General">
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField control={form.control} name="title" label="Title" required />
        <FormSelect
          control={form.control}
          name="tags"
          label="Topics"
          multiple
          max={5}
          options={(topics.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
        />
        <RichTextField
          control={form.control}
          name="lay_summary"
          label="Lay summary"
          helperText="For patients and the public: what the project will do, in plain words."
          required
        />
        <StepActions busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
