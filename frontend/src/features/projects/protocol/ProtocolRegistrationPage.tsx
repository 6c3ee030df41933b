import { Alert, Box, Button, Checkbox, Container, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { getGetMyProjectProtocolQueryKey, registerProtocol, useGetMyProjectProtocol } from '@/api/endpoints/projects/projects';
import type { OwnProtocol } from '@/api/model';
import { registerProtocolBody } from '@/api/zod/projects/projects.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { dateTime } from '@/lib/dates';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FIELD_REQUIRED } from '@/lib/field-texts';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';
import { usePageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { ProtocolUploads } from './ProtocolUploads';

/** /my-projects/{id}/protocol: the owner registers the protocol, or amends it with a reason. */
export function ProtocolRegistrationPage() {
  const id = Number(useParams().id);
  const found = useGetMyProjectProtocol(id);
  usePageTitle('Register the protocol');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/my-projects" underline="hover">
        ← My projects
      </Link>
      {found.error ? (
        <ErrorState pageHeading error={found.error} onRetry={() => void found.refetch()} />
      ) : !found.data ? (
        <Loading />
      ) : (
        <RegistrationForm key={found.data.data.versions[0]?.version ?? 0} own={found.data.data} />
      )}
    </Container>
  );
}

function RegistrationForm({ own }: { own: OwnProtocol }) {
  const current = own.versions[0];
  const amending = current !== undefined;
  const next = (current?.version ?? 0) + 1;
  const schema = registerProtocolBody.pick({ body: true }).extend({ reason: z.string() }).superRefine((values, ctx) => {
    if (amending && !values.reason.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: FIELD_REQUIRED });
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { body: current?.body ?? '', reason: '' },
  });
  const [kept, setKept] = useState<number[]>(current?.files.map((f) => f.id) ?? []);
  const [banner, setBanner] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();

  const register = async (values: Values) => {
    setBusy(true);
    setBanner(null);
    try {
      await registerProtocol(own.project_id, {
        body: values.body,
        reason: amending ? values.reason : undefined,
        amends: current?.version,
        file_ids: [...kept, ...own.waiting_files.map((f) => f.id)],
      });
      form.reset(values);
      await queryClient.invalidateQueries();
      toast(`Version ${next} of the protocol is registered.`);
      void navigate(`/project/${own.slug}/protocol`);
    } catch (error) {
      setBanner(applyServerErrors(error, ['body', 'reason'] as const, form.setError));
      await queryClient.invalidateQueries({ queryKey: getGetMyProjectProtocolQueryKey(own.project_id) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(setConfirming)} aria-label="Protocol registration">
      <UnsavedChangesGuard form={form} />
      <Typography variant="h3" component="h1" sx={{ mt: 1 }}>
        {amending ? 'Amend the protocol' : 'Register the protocol'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {own.title}
      </Typography>
      <Stack spacing={2.5}>
        {current ? (
          <Alert severity="info">
            Version {current.version} was registered {dateTime(current.registered_at)}.{' '}
            <Link component={RouterLink} to={`/project/${own.slug}/protocol`}>
              Read it
            </Link>
            . An amendment becomes version {next}: every version stays public, with its reason.
          </Alert>
        ) : (
          <Alert severity={own.required_for_pledges ? 'warning' : 'info'}>
            A registration is frozen, timestamped and hashed, and anyone can check it was not changed.
            {own.required_for_pledges ? ' The campaign takes pledges once the protocol is registered.' : ''}
          </Alert>
        )}
        {banner && <Alert severity="error">{banner}</Alert>}
        {own.refusal && <Alert severity="warning">{own.refusal}</Alert>}
        <RichTextField control={form.control} name="body" label="Protocol" required />
        {current && current.files.length > 0 && (
          <Box>
            <Typography variant="subtitle1" component="h2">
              Files of version {current.version}
            </Typography>
            {current.files.map((file) => (
              <FormControlLabel
                key={file.id}
                label={`Keep ${file.filename}`}
                control={
                  <Checkbox
                    checked={kept.includes(file.id)}
                    onChange={(event) => setKept(event.target.checked ? [...kept, file.id] : kept.filter((k) => k !== file.id))}
                  />
                }
                sx={{ display: 'flex' }}
              />
            ))}
          </Box>
        )}
        <ProtocolUploads projectId={own.project_id} files={own.waiting_files} room={own.max_files - kept.length} />
        {amending && (
          <FormTextField control={form.control} name="reason" label="Why is it amended?" required multiline minRows={2} helperText="Everyone reads it beside the new version." />
        )}
        <Button type="submit" variant="contained" disabled={busy || Boolean(own.refusal)} sx={{ alignSelf: 'flex-start' }}>
          {amending ? `Register version ${next}` : 'Register the protocol'}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={`Register version ${next}?`}
        confirmLabel="Register"
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void register(confirming)}
      >
        A registration cannot be edited or removed: it is kept as it is, with its hash in the audit chain. Later changes are amendments.
      </ConfirmDialog>
    </Box>
  );
}
