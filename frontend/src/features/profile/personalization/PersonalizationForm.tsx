import { REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useListTags, usePersonalizationUpdate } from '@/api/endpoints/auth/auth';
import type { LookingFor, Me } from '@/api/model';
import { personalizationUpdateBody } from '@/api/zod/auth/auth.zod';
import { applyServerErrors } from '@/lib/form-errors';
import {
  ageGroupLabels,
  careerStageLabels,
  genderLabels,
  lookingForLabels,
  options,
  raceLabels,
} from '@/lib/labels';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../useRefreshMe';

/** Spec §4: the modal moves on 1.5 s after a save. */
export const PERSONALIZATION_DONE_MS = 1500;

/** Spec §3: the modal offers only these four of looking_for's values. */
const OFFERED: LookingFor[] = ['want_to_fund_research', 'interested_in_collaboration', 'looking_for_help', 'want_to_help'];

const EQUITY_FIELDS = ['gender', 'age_group', 'career_stage'] as const;
const FIELDS = ['area_of_interest', 'looking_for', 'race', 'ethnicity', ...EQUITY_FIELDS] as const;

const schemaFor = (isCreator: boolean) =>
  personalizationUpdateBody.superRefine((values, ctx) => {
    if (!isCreator) return;
    for (const field of EQUITY_FIELDS) {
      if (!values[field]) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED });
    }
  });
type Values = z.infer<typeof personalizationUpdateBody>;

interface Props {
  me: Me;
  /** Called after Skip, or 1.5 s after a successful save. */
  onDone: () => void;
}

/** The personalization fields of spec §2/§3 (document 1). */
export function PersonalizationForm({ me, onDone }: Props) {
  const tags = useListTags();
  const save = usePersonalizationUpdate();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_project_creator)),
    defaultValues: {
      area_of_interest: me.area_of_interest,
      looking_for: me.looking_for.filter((value) => OFFERED.includes(value)),
      race: me.race,
      gender: me.gender,
      ethnicity: me.ethnicity === 'prefer_not_to_disclose' ? '' : me.ethnicity,
      career_stage: me.career_stage,
      age_group: me.age_group,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      // The modal offers four of looking_for's values: the others the member chose (at sign-up,
      // on their profile) are kept, never cleared by a form that does not show them.
      const kept = me.looking_for.filter((value) => !OFFERED.includes(value));
      const { data } = await save.mutateAsync({ data: { ...values, looking_for: [...(values.looking_for ?? []), ...kept] } });
      toast(data.message);
      setSaved(true);
      await refreshMe();
      window.setTimeout(onDone, PERSONALIZATION_DONE_MS);
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  const required = me.is_project_creator;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Personalization">
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormSelect
          control={form.control}
          name="area_of_interest"
          label="Areas of interest"
          multiple
          options={(tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
        />
        <FormSelect
          control={form.control}
          name="looking_for"
          label="What are you looking for?"
          multiple
          options={OFFERED.map((value) => ({ value, label: lookingForLabels[value] }))}
        />
        <FormSelect control={form.control} name="race" label="Race" multiple options={options(raceLabels)} />
        <FormTextField control={form.control} name="ethnicity" label="Ethnicity" />
        <FormSelect control={form.control} name="gender" label="Gender" options={options(genderLabels)} required={required} />
        <FormSelect
          control={form.control}
          name="age_group"
          label="Age group"
          options={options(ageGroupLabels)}
          required={required}
        />
        <FormSelect
          control={form.control}
          name="career_stage"
          label="Career stage"
          options={options(careerStageLabels)}
          required={required}
        />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={saved}>
            Skip
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || saved}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
