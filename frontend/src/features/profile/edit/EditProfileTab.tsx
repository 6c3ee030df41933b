import { zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useListTags, useUpdateMe } from '@/api/endpoints/auth/auth';
import { applyServerErrors } from '@/lib/form-errors';
import {
  ageGroupLabels,
  careerStageLabels,
  findAboutByLabels,
  genderLabels,
  lookingForLabels,
  options,
  profileTagLabels,
  pronounLabels,
  raceLabels,
} from '@/lib/labels';
import { FormSelect } from '@/ui/form/FormSelect';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePageTitle } from '@/ui/page-title';
import { useToast } from '@/ui/toast';
import { useMe } from '../MyProfileLayout';
import { useRefreshMe } from '../useRefreshMe';
import { PicturesCard } from './pictures/PicturesCard';
import { timeZoneOptions } from '@/lib/time-zones';
import { PROFILE_FIELDS, profileDefaults, profileSchemaFor, type ProfileValues } from './schema';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

/** Edit profile tab (spec §2, §5): every profile field, saved with the current password. */
export function EditProfileTab() {
  usePageTitle('Edit profile');
  const me = useMe();
  const tags = useListTags();
  const update = useUpdateMe();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchemaFor(me.is_project_creator)),
    defaultValues: profileDefaults(me),
  });
  const { control } = form;
  const findAboutBy = useWatch({ control, name: 'find_about_by' });
  const required = me.is_project_creator;
  const timeZones = useMemo(() => timeZoneOptions(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await update.mutateAsync({ data: values });
      toast(data.message);
      form.resetField('current_password');
      await refreshMe();
    } catch (error) {
      setBanner(applyServerErrors(error, PROFILE_FIELDS, form.setError));
    }
  });

  return (
    <Stack spacing={3}>
      <PicturesCard me={me} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit profile">
            <UnsavedChangesGuard form={form} />
            <Stack spacing={2.5}>
              <Typography variant="h6" component="h2">
                About you
              </Typography>
              {banner && <Alert severity="error">{banner}</Alert>}
              <FormTextField control={control} name="name" label="Name" required autoComplete="name" />
              <FormTextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
              <FormTextField control={control} name="title" label="Title" placeholder="e.g. Stroke physiotherapist" />
              <FormTextField control={control} name="affiliation" label="Affiliation" />
              <FormTextField control={control} name="website" label="Website" type="url" placeholder="https://" />
              <FormTextField control={control} name="social" label="Social media profile" placeholder="https://" />
              <FormTextField control={control} name="location" label="Location" autoComplete="country-name" />
              <FormSelect control={control} name="time_zone" label="Time zone (e-mail digests arrive at 08:00 there)" options={timeZones} />
              <FormTextField control={control} name="bio" label="Bio" multiline minRows={4} />
              <FormSelect
                control={control}
                name="area_of_interest"
                label="Areas of interest"
                multiple
                options={(tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.title }))}
              />
              <FormSelect control={control} name="tags" label="Profile tags" multiple max={2} options={options(profileTagLabels)} />
              <FormSelect control={control} name="looking_for" label="What are you looking for?" multiple options={options(lookingForLabels)} />
              <FormSelect control={control} name="pronouns" label="Pronouns" options={options(pronounLabels)} />
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
                Demographics
              </Typography>
              {required && (
                <Typography variant="body2" color="text.secondary">
                  As a project creator you tell us your gender, age group and career stage, for our equity reporting.
                </Typography>
              )}
              <FormSelect control={control} name="gender" label="Gender" options={options(genderLabels)} required={required} />
              <FormSelect control={control} name="age_group" label="Age group" options={options(ageGroupLabels)} required={required} />
              <FormSelect
                control={control}
                name="career_stage"
                label="Career stage"
                options={options(careerStageLabels)}
                required={required}
              />
              <FormSelect control={control} name="race" label="Race" multiple options={options(raceLabels)} />
              <FormTextField control={control} name="ethnicity" label="Ethnicity" />
              <FormSelect control={control} name="find_about_by" label="How did you find us?" options={options(findAboutByLabels)} />
              {findAboutBy === 'OTHER' && (
                <FormTextField control={control} name="find_about_by_other_info" label="Tell us how" />
              )}
              <Controller
                control={control}
                name="profile_is_private"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="Make my profile private"
                  />
                )}
              />
              <CurrentPasswordField control={control} required helperText="Enter your password to save your changes." />
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                Save profile
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
