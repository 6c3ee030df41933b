import { zodResolver } from '@/lib/zod';
import { Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { updateGroup, useListGroupGoals, useListIndustryPartnerRoles } from '@/api/endpoints/groups/groups';
import type { GroupDetail, LookupItem } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormSelect } from '@/ui/form/FormSelect';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { type SpecificsValues, specificsDefaults, specificsSchemaFor } from './schema';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

const FIELDS = [
  'goals_of_working_group',
  'other_goals_of_wg',
  'industry_partner_likely',
  'role_of_industry_partner',
  'other_role_of_industry_partner',
  'member_obligations',
] as const;

const otherId = (items: LookupItem[] | undefined) => items?.find((item) => item.slug === 'other')?.id;

interface Props {
  group: GroupDetail;
  onBack: () => void;
  onSubmitted: (group: GroupDetail) => void;
}

/** Step 3 (Specifics): goals, the industry partner, and the member obligations; Submit. */
export function SpecificsStep({ group, onBack, onSubmitted }: Props) {
  const goals = useListGroupGoals();
  const roles = useListIndustryPartnerRoles();
  const otherGoal = otherId(goals.data?.data);
  const otherRole = otherId(roles.data?.data);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SpecificsValues>({
    resolver: zodResolver(specificsSchemaFor(otherGoal, otherRole)),
    defaultValues: specificsDefaults(group),
    mode: 'onChange',
  });
  const chosenGoals = useWatch({ control: form.control, name: 'goals_of_working_group' });
  const partner = useWatch({ control: form.control, name: 'industry_partner_likely' });
  const chosenRoles = useWatch({ control: form.control, name: 'role_of_industry_partner' });

  const guardrail = usePatientDataCheck();
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    // Issue 24 §1: what may identify a patient is shown first; the owner edits or declares.
    const texts = [values.member_obligations, values.other_goals_of_wg, values.other_role_of_industry_partner];
    const choice = await guardrail.check(texts.filter(Boolean).join('\n'));
    if (!choice.publish) return;
    try {
      const { data } = await updateGroup(group.id, {
        ...values,
        phi_declared: choice.declared,
        industry_partner_likely: values.industry_partner_likely,
        other_goals_of_wg: values.other_goals_of_wg || null,
        other_role_of_industry_partner: values.other_role_of_industry_partner || null,
        role_of_industry_partner: values.industry_partner_likely === 'yes' ? values.role_of_industry_partner : [],
      });
      onSubmitted(data);
    } catch (error) {
      const banner = applyServerErrors(error, FIELDS, form.setError);
      // The image belongs to step 1; say so rather than showing a bare "Invalid input.".
      const image = error instanceof ApiError ? error.fieldErrors('image')[0] : undefined;
      setBanner(image ? `Image: ${image} (go Back to add one).` : banner);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Specifics">
      <UnsavedChangesGuard form={form} />
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {guardrail.prompt}
        <FormSelect
          control={form.control}
          name="goals_of_working_group"
          label="Goals of the working group"
          multiple
          required
          options={(goals.data?.data ?? []).map((goal) => ({ value: goal.id, label: goal.title }))}
        />
        {otherGoal !== undefined && chosenGoals.includes(otherGoal) && (
          <FormTextField control={form.control} name="other_goals_of_wg" label="Other goals" required />
        )}
        <Controller
          control={form.control}
          name="industry_partner_likely"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} required>
              <FormLabel id="industry-partner-label">Is an industry partner likely to be involved?</FormLabel>
              <RadioGroup
                row
                aria-labelledby="industry-partner-label"
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
              >
                <FormControlLabel value="yes" control={<Radio />} label="Yes" />
                <FormControlLabel value="no" control={<Radio />} label="No" />
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        {partner === 'yes' && (
          <FormSelect
            control={form.control}
            name="role_of_industry_partner"
            label="Role of the industry partner"
            multiple
            required
            options={(roles.data?.data ?? []).map((role) => ({ value: role.id, label: role.title }))}
          />
        )}
        {partner === 'yes' && otherRole !== undefined && chosenRoles.includes(otherRole) && (
          <FormTextField control={form.control} name="other_role_of_industry_partner" label="Other role" required />
        )}
        <RichTextField control={form.control} name="member_obligations" label="Member obligations" required />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onBack}>Back</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Submit
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
