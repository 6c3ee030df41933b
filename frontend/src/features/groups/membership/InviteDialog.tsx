import { inviteGroupMemberBody } from '@/api/zod/groups/groups.zod';
import { trimming, type z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useInviteGroupMember } from '@/api/endpoints/groups/groups';
import { applyServerErrors } from '@/lib/form-errors';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { INVITE_CLOSE_MS } from './roles';
import { useRefreshGroup } from './useRefreshGroup';

const schema = inviteGroupMemberBody;
type Values = z.infer<typeof schema>;

/** Invite new member (spec 2 §5 Invite): e-mail and message; closes 1.5 s after success. */
export function InviteDialog({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const invite = useInviteGroupMember();
  const refresh = useRefreshGroup(slug);
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: trimming(zodResolver(schema)), mode: 'onChange', defaultValues: { email: '', message: '' } });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => {
      setSent(null);
      form.reset();
      onClose();
    }, INVITE_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sent, form, onClose]);

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await invite.mutateAsync({ slug, data: values });
      setSent(data.message);
      await refresh();
    } catch (error) {
      setBanner(applyServerErrors(error, ['email', 'message'], form.setError));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="invite-title" fullWidth maxWidth="sm">
      <DialogTitle id="invite-title">Invite new member</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Invite" sx={{ pt: 1 }}>
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            {sent && (
              <Alert severity="success" role="status">
                {sent}
              </Alert>
            )}
            <FormTextField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
            <FormTextField control={form.control} name="message" label="Message" required multiline minRows={3} />
            <DialogFormActions submitLabel="Send invite" onCancel={onClose} busy={form.formState.isSubmitting || sent !== null} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
