import { REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDisableTotp } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../useRefreshMe';

const schemaFor = (hasPassword: boolean) =>
  z.object({ current_password: hasPassword ? z.string().min(1, REQUIRED) : z.string() });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** Disable two-factor, after the password proves it is the owner. */
export function DisableTwoFactorDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const disable = useDisableTotp();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_password_set)),
    defaultValues: { current_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await disable.mutateAsync({
        data: { current_password: me.is_password_set ? values.current_password : null },
      });
      toast(data.message);
      await refreshMe();
      onClose();
    } catch (error) {
      setBanner(applyServerErrors(error, ['current_password'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="disable-2fa-title">
      <DialogTitle id="disable-2fa-title">Disable two-factor authentication?</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <DialogContentText>Signing in will no longer ask for a code from your authenticator app.</DialogContentText>
            {banner && <Alert severity="error">{banner}</Alert>}
            {me.is_password_set && (
              <CurrentPasswordField control={form.control} />
            )}
            <DialogFormActions submitLabel="Disable" onCancel={onClose} busy={form.formState.isSubmitting} color="error" />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
