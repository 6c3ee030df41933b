import { Alert, Box, InputAdornment, Stack } from '@mui/material';
import { useState } from 'react';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { saveProjectBudget } from '@/api/endpoints/projects/projects';
import { saveProjectBudgetBodyBudgetLinesMax, saveProjectBudgetBodyMilestonesMax } from '@/api/zod/projects/projects.zod';
import type { ProjectDraft } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { toCents, toDollars } from '@/lib/money';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { ListRow, ListSection } from './ListRows';
import { StepActions } from './StepActions';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

// Dollars as typed; the server keeps cents and checks the plan as a whole (lines add up to
// the total, the goal is at most the total, milestones fit in the goal).
const amount = z.string().trim().min(1).regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars, such as 25000 or 25000.50.');
// The list limits are the server's, from the contract.
const LINES_MAX = saveProjectBudgetBodyBudgetLinesMax;
const MILESTONES_MAX = saveProjectBudgetBodyMilestonesMax;
const label = z.string().trim().min(1).max(255);
const schema = z.object({
  total_budget: amount,
  funding_goal: amount,
  campaign_days: z.string().trim().min(1).regex(/^\d+$/, 'Enter a whole number.'),
  budget_lines: z.array(z.object({ label, amount })).max(LINES_MAX, `List at most ${LINES_MAX} line items.`),
  milestones: z.array(z.object({ title: label, amount, description: z.string().trim().min(1).max(1000) })).max(MILESTONES_MAX, `List at most ${MILESTONES_MAX} milestones.`),
});
type Values = z.infer<typeof schema>;

/** The form's path for a field the server names: amounts are typed in dollars here and
 * kept in cents there (`budget_lines[0].amount_cents` is `budget_lines.0.amount`). */
export function formPath(serverKey: string): string {
  return serverKey
    .replace(/^total_budget_cents$/, 'total_budget')
    .replace(/^funding_goal_cents$/, 'funding_goal')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\.amount_cents$/, '.amount');
}

/** Step 4: the total budget and its lines, the funding goal (CAD), how long the campaign
 * runs (15 to 60 days) and the milestones the goal pays for. */
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
      total_budget: toDollars(project.total_budget_cents),
      funding_goal: toDollars(project.funding_goal_cents),
      campaign_days: project.campaign_days ? String(project.campaign_days) : '30',
      budget_lines: project.budget_lines.map((line) => ({ label: line.label, amount: toDollars(line.amount_cents) })),
      milestones: project.milestones.map((m) => ({ title: m.title, amount: toDollars(m.amount_cents), description: m.description })),
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'budget_lines' });
  const milestones = useFieldArray({ control: form.control, name: 'milestones' });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const body = {
        total_budget_cents: toCents(values.total_budget),
        funding_goal_cents: toCents(values.funding_goal),
        campaign_days: Number(values.campaign_days),
        budget_lines: values.budget_lines.map((line) => ({ label: line.label, amount_cents: toCents(line.amount) })),
        milestones: values.milestones.map((m) => ({ title: m.title, amount_cents: toCents(m.amount), description: m.description })),
      };
      onSaved((await saveProjectBudget(project.id, body)).data);
    } catch (error) {
      if (!(error instanceof ApiError) || error.body.code !== 'invalid') {
        setBanner(errorMessage(error));
        return;
      }
      for (const key of Object.keys(error.body.messages ?? {})) {
        const [message] = error.fieldErrors(key);
        if (message) form.setError(formPath(key) as Path<Values>, { type: 'server', message });
      }
    }
  });
  const listError = (name: 'budget_lines' | 'milestones') => form.formState.errors[name]?.root?.message ?? form.formState.errors[name]?.message;
  const dollars = { input: { startAdornment: <InputAdornment position="start">CA$</InputAdornment> } };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Budget">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={3}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField
          control={form.control}
          name="total_budget"
          label="Total budget"
          required
          inputMode="decimal"
          slotProps={dollars}
          helperText="What the whole project costs, from every source."
        />
        <ListSection
          title="Budget lines"
          help="Optional: what the total is made of. When you list lines, they add up to the total budget."
          error={listError('budget_lines')}
          addLabel="Add a line"
          count={lines.fields.length}
          max={LINES_MAX}
          onAdd={() => lines.append({ label: '', amount: '' })}
        >
          {lines.fields.map((field, i) => (
            <ListRow key={field.id} label={`Remove line ${i + 1}`} onRemove={() => lines.remove(i)}>
              <FormTextField control={form.control} name={`budget_lines.${i}.label`} label="Item" required fullWidth />
              <FormTextField control={form.control} name={`budget_lines.${i}.amount`} label="Amount" required inputMode="decimal" slotProps={dollars} fullWidth />
            </ListRow>
          ))}
        </ListSection>
        <FormTextField
          control={form.control}
          name="funding_goal"
          label="Funding goal"
          required
          inputMode="decimal"
          slotProps={dollars}
          helperText="All or nothing: donors are charged only if the goal is reached. At most the total budget."
        />
        <FormTextField
          control={form.control}
          name="campaign_days"
          label="Campaign length (days)"
          required
          inputMode="numeric"
          helperText="Between 15 and 60 days."
        />
        <ListSection
          title="Milestones"
          help="Optional: what each part of the funding goal pays for. Together they come to at most the goal."
          error={listError('milestones')}
          addLabel="Add a milestone"
          count={milestones.fields.length}
          max={MILESTONES_MAX}
          onAdd={() => milestones.append({ title: '', amount: '', description: '' })}
        >
          {milestones.fields.map((field, i) => (
            <ListRow key={field.id} label={`Remove milestone ${i + 1}`} onRemove={() => milestones.remove(i)}>
              <Stack spacing={1.5} sx={{ flex: 1 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <FormTextField control={form.control} name={`milestones.${i}.title`} label="Milestone" required fullWidth />
                  <FormTextField control={form.control} name={`milestones.${i}.amount`} label="Amount" required inputMode="decimal" slotProps={dollars} fullWidth />
                </Stack>
                <FormTextField control={form.control} name={`milestones.${i}.description`} label="What it pays for" required fullWidth multiline />
              </Stack>
            </ListRow>
          ))}
        </ListSection>
        <StepActions onBack={onBack} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
