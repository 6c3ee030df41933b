import { type z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSetupUniversityEmail } from '@/api/endpoints/auth/auth';
import { setupUniversityEmailBody } from '@/api/zod/auth/auth.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePageTitle } from '@/ui/page-title';
import { useToast } from '@/ui/toast';
import { useMe } from '../MyProfileLayout';
import { useRefreshMe } from '../useRefreshMe';
import { AFFILIATION_NOTICES } from './status';

type Values = z.infer<typeof setupUniversityEmailBody>;
const FIELDS = ['university_affiliate_email', 'affiliation', 'university_profile_page_url'] as const;

/** Affiliations tab (spec §2, §4, §5): the university affiliation and its status. */
export function AffiliationsTab() {
  usePageTitle('Affiliations');
  const me = useMe();
  const save = useSetupUniversityEmail();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const status = AFFILIATION_NOTICES[me.affiliation_progress];
  const form = useForm<Values>({
    resolver: zodResolver(setupUniversityEmailBody),
    defaultValues: {
      university_affiliate_email: me.university_affiliate_email ?? '',
      affiliation: me.affiliation ?? '',
      university_profile_page_url: me.university_profile_page_url ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await save.mutateAsync({ data: values });
      toast(data.message);
      await refreshMe();
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  // Sends the confirmation again to the saved address.
  const resend = async () => {
    try {
      const { data } = await save.mutateAsync({
        data: {
          university_affiliate_email: me.university_affiliate_email ?? '',
          affiliation: me.affiliation ?? '',
          university_profile_page_url: me.university_profile_page_url ?? '',
        },
      });
      toast(data.message);
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error');
    }
  };


  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Typography variant="h6" component="h2">
            University affiliation
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Funding on Cohort goes to university-affiliated projects. We confirm your university e-mail, then our team
            reviews the affiliation.
          </Typography>
          <Alert
            severity={status.severity}
            action={
              status.resend ? (
                <Button color="inherit" size="small" onClick={resend} disabled={save.isPending}>
                  Resend
                </Button>
              ) : undefined
            }
          >
            {status.text}
          </Alert>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="University affiliation">
            <Stack spacing={2}>
              {banner && <Alert severity="error">{banner}</Alert>}
              <FormTextField
                control={form.control}
                name="university_affiliate_email"
                label="University affiliate email"
                type="email"
                required
              />
              <FormTextField control={form.control} name="affiliation" label="Affiliation" required />
              <FormTextField
                control={form.control}
                name="university_profile_page_url"
                label="University profile page URL"
                type="url"
                required
              />
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                Save
              </Button>
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
