import { Alert, Box, InputAdornment, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { saveProjectBudget } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { StepActions } from './StepActions';

// Dollars as typed; the server keeps cents and checks the goal and the campaign's length.
const schema = z.object({
  funding_goal: z.string().min(1).regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars, such as 25000 or 25000.50.'),
  campaign_days: z.string().min(1).regex(/^\d+$/, 'Enter a whole number.'),
});
type Values = z.infer<typeof schema>;

export function toCents(dollars: string): number {
  const [whole, fraction = ''] = dollars.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function toDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Step 3: the funding goal (CAD) and how long the campaign runs (15 to 60 days). */
export function BudgetStep({
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
      funding_goal: toDollars(project.funding_goal_cents),
      campaign_days: project.campaign_days ? String(project.campaign_days) : '30',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const body = { funding_goal_cents: toCents(values.funding_goal), campaign_days: Number(values.campaign_days) };
      onSaved((await saveProjectBudget(project.id, body)).data);
    } catch (error) {
      // The server names its fields in cents; the form's goal is in dollars.
      if (error instanceof ApiError) {
        const [goal] = error.fieldErrors('funding_goal_cents');
        if (goal) form.setError('funding_goal', { type: 'server', message: goal });
      }
      setBanner(applyServerErrors(error, ['campaign_days'], form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Budget">
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField
          control={form.control}
          name="funding_goal"
          label="Funding goal"
          required
          inputMode="decimal"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">CA$</InputAdornment> } }}
          helperText="All or nothing: donors are charged only if the goal is reached."
        />
        <FormTextField
          control={form.control}
          name="campaign_days"
          label="Campaign length (days)"
          required
          inputMode="numeric"
          helperText="Between 15 and 60 days."
        />
        <StepActions onBack={onBack} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
