import { Alert, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useListTags } from '@/api/endpoints/auth/auth';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import {
  ageGroupLabels,
  careerStageLabels,
  findAboutByLabels,
  genderLabels,
  lookingForLabels,
  options,
  profileTagLabels,
  pronounLabels,
} from '@/lib/labels';
import { REQUIRED } from '@/lib/zod';
import type { RegisterForm } from './form';

export const NOT_AFFILIATED =
  'Funding on Cohort goes only to projects affiliated with a university. You can still join, collaborate and help.';

/** The fields this step shows (the sign-up form sends them with the rest). */
export const PROFILE_FIELDS = [
  'looking_for',
  'is_project_creator',
  'affiliation',
  'university_affiliate_email',
  'university_profile_page_url',
  'gender',
  'age_group',
  'career_stage',
  'pronouns',
  'bio',
  'social',
  'location',
  'find_about_by',
  'find_about_by_other_info',
  'area_of_interest',
  'tags',
] as const;

const CREATOR_FIELDS = [
  'affiliation',
  'university_affiliate_email',
  'university_profile_page_url',
  'gender',
  'age_group',
  'career_stage',
] as const;

interface Props {
  form: UseFormReturn<RegisterForm>;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: what the user is looking for, their university affiliation, and more. */
export function StepProfile({ form, onBack, onContinue }: Props) {
  const { control } = form;
  const tags = useListTags();
  const lookingFor = useWatch({ control, name: 'looking_for' }) ?? [];
  const findAboutBy = useWatch({ control, name: 'find_about_by' });
  const isCreator = useWatch({ control, name: 'is_project_creator' });
  const [notAffiliated, setNotAffiliated] = useState(false);
  const seeksFunding = lookingFor.includes('looking_for_funding');

  const answerUniversity = (affiliated: boolean) => {
    if (affiliated) {
      setNotAffiliated(false);
      form.setValue('is_project_creator', true);
      return;
    }
    // Spec §4: answering No shows the message and resets the form.
    setNotAffiliated(true);
    form.reset({ ...form.getValues(), looking_for: [], is_project_creator: false, affiliation: '',
      university_affiliate_email: null, university_profile_page_url: '' });
  };

  // Every field of this step is checked before moving on: an error on a field no longer
  // on screen would leave "Create account" doing nothing visible.
  const next = async () => {
    const valid = await form.trigger(PROFILE_FIELDS);
    const values = form.getValues();
    const missing = isCreator ? CREATOR_FIELDS.filter((field) => !values[field]) : [];
    missing.forEach((field) => form.setError(field, { type: 'required', message: REQUIRED }));
    if (valid && missing.length === 0) onContinue();
  };

  return (
    <Stack spacing={2.5}>
      <FormSelect
        control={control}
        name="looking_for"
        label="What brings you to Cohort?"
        options={options(lookingForLabels)}
        multiple
      />
      {notAffiliated && <Alert severity="info">{NOT_AFFILIATED}</Alert>}
      {seeksFunding && (
        <Stack spacing={2} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Typography sx={{ fontWeight: 600 }} id="university-question">
            Is your project affiliated with a university?
          </Typography>
          <RadioGroup
            row
            aria-labelledby="university-question"
            value={isCreator ? 'yes' : ''}
            onChange={(event) => answerUniversity(event.target.value === 'yes')}
          >
            <FormControlLabel value="yes" control={<Radio />} label="Yes" />
            <FormControlLabel value="no" control={<Radio />} label="No" />
          </RadioGroup>
          {isCreator && (
            <>
              <FormTextField control={control} name="affiliation" label="University affiliation" required />
              <FormTextField
                control={control}
                name="university_affiliate_email"
                label="University e-mail"
                type="email"
                required
              />
              <FormTextField
                control={control}
                name="university_profile_page_url"
                label="University profile page URL"
                required
              />
              <Typography variant="body2" color="text.secondary">
                Project creators also tell us their gender, age group and career stage, for our equity reporting.
              </Typography>
              <FormSelect control={control} name="gender" label="Gender" options={options(genderLabels)} required />
              <FormSelect control={control} name="age_group" label="Age group" options={options(ageGroupLabels)} required />
              <FormSelect
                control={control}
                name="career_stage"
                label="Career stage"
                options={options(careerStageLabels)}
                required
              />
            </>
          )}
        </Stack>
      )}
      <FormSelect control={control} name="pronouns" label="Pronouns" options={options(pronounLabels)} />
      <FormTextField control={control} name="bio" label="Bio" multiline minRows={3} />
      <FormTextField control={control} name="social" label="Social media profile" />
      <FormTextField control={control} name="location" label="Country" />
      <FormSelect control={control} name="find_about_by" label="How did you find us?" options={options(findAboutByLabels)} />
      {findAboutBy === 'OTHER' && (
        <FormTextField control={control} name="find_about_by_other_info" label="Tell us how" />
      )}
      <FormSelect
        control={control}
        name="area_of_interest"
        label="Areas of interest"
        multiple
        options={(tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
      />
      <FormSelect control={control} name="tags" label="Profile tags" multiple max={2} options={options(profileTagLabels)} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={onBack}>Back</Button>
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2}>
          <Button variant="outlined" onClick={onContinue}>
            Skip for later
          </Button>
          <Button variant="contained" onClick={() => void next()}>
            Continue
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
