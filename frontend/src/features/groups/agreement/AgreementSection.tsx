import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  getExportGroupAgreementAcceptancesUrl,
  getGetGroupAgreementQueryKey,
  usePublishGroupAgreement,
} from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { publishGroupAgreementBody, publishGroupAgreementBodyGraceDaysDefault } from '@/api/zod/groups/groups.zod';
import { downloadFile } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { useToast } from '@/ui/toast';
import { useRefreshGroup } from '../membership/useRefreshGroup';
import { AgreementText } from './AgreementText';

// The contract's text; the grace period as the field holds it (a whole number of days).
const schema = publishGroupAgreementBody.pick({ body: true }).extend({
  grace_days: z.string().trim().regex(/^\d+$/, 'Enter a whole number of days.'),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['body', 'grace_days'] as const;
const GRACE_DAYS_DEFAULT = String(publishGroupAgreementBodyGraceDaysDefault);

/** The owner's data-use agreement (issue 24 §2): the current version, a new version, the export. */
export function AgreementSection({ group }: { group: GroupDetail }) {
  const version = group.agreement.version;
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        Data-use agreement
      </Typography>
      <Typography color="text.secondary">
        Members accept the data-use agreement when they join. When you publish a new version, every member is asked to
        accept it; after the grace period, those who have not can no longer read the group&apos;s private topics, members
        and updates until they do.
      </Typography>
      {version ? <CurrentAgreement group={group} /> : <Alert severity="info">This working group has no data-use agreement yet.</Alert>}
      <PublishForm group={group} next={(version ?? 0) + 1} />
    </Stack>
  );
}

function CurrentAgreement({ group }: { group: GroupDetail }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await downloadFile(getExportGroupAgreementAcceptancesUrl(group.slug), `${group.slug}-agreement-acceptances.csv`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      <AgreementText slug={group.slug} />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="outlined" onClick={() => void exportCsv()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        Export acceptances (CSV)
      </Button>
    </Stack>
  );
}

function PublishForm({ group, next }: { group: GroupDetail; next: number }) {
  const publish = usePublishGroupAgreement();
  const queryClient = useQueryClient();
  const refresh = useRefreshGroup(group.slug);
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(zodResolver(schema)),
    defaultValues: { body: '', grace_days: GRACE_DAYS_DEFAULT },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await publish.mutateAsync({ slug: group.slug, data: { body: values.body, grace_days: Number(values.grace_days) } });
      toast(`Version ${next} of the data-use agreement has been published.`, 'success', 'Success');
      form.reset({ body: '', grace_days: values.grace_days });
      await queryClient.invalidateQueries({ queryKey: getGetGroupAgreementQueryKey(group.slug) });
      await refresh();
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Publish a data-use agreement">
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {next === 1 ? 'Publish a data-use agreement' : `Publish version ${next}`}
        </Typography>
        {banner && <Alert severity="error">{banner}</Alert>}
        <RichTextField control={form.control} name="body" label="Agreement text" required />
        <FormTextField
          control={form.control}
          name="grace_days"
          label="Grace period (days)"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          helperText="How long members who accepted an earlier version keep reading private content before they must accept this one."
          sx={{ maxWidth: 320 }}
        />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Publish version {next}
        </Button>
      </Stack>
    </Box>
  );
}
