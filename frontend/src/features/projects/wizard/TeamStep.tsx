import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { type Control, useFieldArray, useForm } from 'react-hook-form';
import { saveProjectTeam, useGetMyProjectTeam } from '@/api/endpoints/projects/projects';
import { NeedKind, type ProjectDraft, type ProjectTeam } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { INVALID_EMAIL } from '@/lib/field-texts';
import { needKindLabels, options } from '@/lib/labels';
import { withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { saveProjectTeamBodyNeedsMax, saveProjectTeamBodyTeamMax } from '@/api/zod/projects/projects.zod';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { ErrorState, Loading } from '@/ui/QueryState';
import { ListRow, ListSection } from './ListRows';
import { StepActions } from './StepActions';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

// The list limits are the server's, from the contract.
const TEAM_MAX = saveProjectTeamBodyTeamMax;
const NEEDS_MAX = saveProjectTeamBodyNeedsMax;
const text = (max: number) => z.string().trim().min(1).max(max);
const schema = z.object({
  team: z
    .array(
      z.object({
        name: text(255),
        // Optional: empty, or an address that links the person to their profile.
        email: z
          .string()
          .trim()
          .refine((value) => value === '' || z.email().safeParse(value).success, INVALID_EMAIL),
        role: text(255),
      }),
    )
    .max(TEAM_MAX, `List at most ${TEAM_MAX} people.`),
  needs: z.array(z.object({ kind: z.enum(NeedKind), description: text(500) })).max(NEEDS_MAX, `List at most ${NEEDS_MAX} needs.`),
});
type Values = z.infer<typeof schema>;
const KINDS = options(needKindLabels);

/** Step 3: who works on the project and what it asks the community for. */
export function TeamStep({ project, onBack, onSaved }: { project: ProjectDraft; onBack: () => void; onSaved: (saved: ProjectDraft) => void }) {
  const saved = useGetMyProjectTeam(project.id);
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  return <TeamForm project={project} initial={saved.data.data} onBack={onBack} onSaved={() => onSaved(project)} />;
}

function TeamForm({ project, initial, onBack, onSaved }: { project: ProjectDraft; initial: ProjectTeam; onBack: () => void; onSaved: () => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(zodResolver(schema)),
    defaultValues: {
      team: initial.team.map((person) => ({ name: person.name, email: person.email ?? '', role: person.role })),
      needs: initial.needs.map((need) => ({ kind: need.kind, description: need.description })),
    },
  });
  const team = useFieldArray({ control: form.control, name: 'team' });
  const needs = useFieldArray({ control: form.control, name: 'needs' });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await saveProjectTeam(project.id, {
        team: values.team.map((person) => ({ ...person, email: person.email || null })),
        needs: values.needs,
      });
      onSaved();
    } catch (error) {
      const fields = [
        ...values.team.flatMap((_, i) => [`team.${i}.name`, `team.${i}.email`, `team.${i}.role`] as const),
        ...values.needs.flatMap((_, i) => [`needs.${i}.kind`, `needs.${i}.description`] as const),
        'team' as const,
        'needs' as const,
      ];
      setBanner(applyServerErrors(error, fields, form.setError));
    }
  });
  const listError = (name: 'team' | 'needs') => form.formState.errors[name]?.root?.message ?? form.formState.errors[name]?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Team and needs">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={3}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <ListSection
          title="Team"
          help="The people who do the research with you and their role. An e-mail is never shown; it links the person to their Cohort profile."
          error={listError('team')}
          addLabel="Add a person"
          count={team.fields.length}
          max={TEAM_MAX}
          onAdd={() => team.append({ name: '', email: '', role: '' })}
        >
          {team.fields.map((field, i) => (
            <ListRow key={field.id} label={`Remove person ${i + 1}`} onRemove={() => team.remove(i)}>
              <FormTextField control={form.control} name={`team.${i}.name`} label="Name" required fullWidth />
              <FormTextField control={form.control} name={`team.${i}.email`} label="E-mail (optional)" type="email" fullWidth />
              <FormTextField control={form.control} name={`team.${i}.role`} label="Role" required fullWidth />
            </ListRow>
          ))}
        </ListSection>
        <ListSection
          title="Needs"
          help="What the project asks the community for: participants, co-investigators, mentors, helpers, data or equipment."
          error={listError('needs')}
          addLabel="Add a need"
          count={needs.fields.length}
          max={NEEDS_MAX}
          onAdd={() => needs.append({ kind: NeedKind.participants, description: '' })}
        >
          {needs.fields.map((field, i) => (
            <ListRow key={field.id} label={`Remove need ${i + 1}`} onRemove={() => needs.remove(i)}>
              <NeedKindSelect control={form.control} index={i} />
              <FormTextField control={form.control} name={`needs.${i}.description`} label="What is needed" required fullWidth multiline />
            </ListRow>
          ))}
        </ListSection>
        <StepActions onBack={onBack} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}

function NeedKindSelect({ control, index }: { control: Control<Values>; index: number }) {
  return <FormSelect control={control} name={`needs.${index}.kind`} label="Kind" options={KINDS} required />;
}
