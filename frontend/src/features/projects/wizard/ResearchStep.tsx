import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { saveProjectResearch } from '@/api/endpoints/projects/projects';
import { EthicsStatus, type ProjectDraft } from '@/api/model';
import { saveProjectResearchBody } from '@/api/zod/projects/projects.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { ethicsStatusLabels } from '@/lib/labels';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FIELD_REQUIRED } from '@/lib/field-texts';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { RichTextField } from '@/ui/form/RichTextField';
import { StepActions } from './StepActions';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

// The select starts empty, so the form holds `null` until a status is chosen.
const schema = saveProjectResearchBody
  .extend({ ethics_status: saveProjectResearchBody.shape.ethics_status.nullable() })
  .superRefine((values, ctx) => {
    if (!values.ethics_status) ctx.addIssue({ code: 'custom', path: ['ethics_status'], message: FIELD_REQUIRED });
  });
type Values = z.infer<typeof schema>;
const FIELDS = ['problem', 'aims', 'methods', 'impact', 'ethics_status', 'conflicts'] as const;

const ETHICS = Object.values(EthicsStatus).map((value) => ({ value, label: ethicsStatusLabels[value] }));

/** Step 2: the research itself, the ethics approval and the conflicts of interest. */
export function ResearchStep({
  project,
  onBack,
  onSaved,
}: {
  project: ProjectDraft;
  onBack: () => void;
  onSaved: (saved: ProjectDraft) => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: {
      problem: project.problem,
      aims: project.aims,
      methods: project.methods,
      impact: project.impact,
      ethics_status: project.ethics_status ?? null,
      conflicts: project.conflicts,
    },
  });
  const guardrail = usePatientDataCheck();
  const onSubmit = form.handleSubmit(async ({ ethics_status, ...values }) => {
    setBanner(null);
    if (!ethics_status) return;
    // Issue 24 §1: what may identify a patient is shown first; the owner edits or declares.
    const choice = await guardrail.check([values.problem, values.aims, values.methods, values.impact, values.conflicts].join('\n'));
    if (!choice.publish) return;
    try {
      onSaved((await saveProjectResearch(project.id, { ...values, ethics_status, phi_declared: choice.declared })).data);
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Research">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {guardrail.prompt}
        <RichTextField control={form.control} name="problem" label="The problem" required />
        <RichTextField control={form.control} name="aims" label="Aims" required />
        <RichTextField control={form.control} name="methods" label="Methods" required />
        <RichTextField control={form.control} name="impact" label="Expected impact" required />
        <FormSelect control={form.control} name="ethics_status" label="Research ethics approval" options={ETHICS} required />
        <FormTextField
          control={form.control}
          name="conflicts"
          label="Conflicts of interest"
          helperText="Declare any, or write that there are none."
          required
          multiline
          minRows={2}
        />
        <StepActions onBack={onBack} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
