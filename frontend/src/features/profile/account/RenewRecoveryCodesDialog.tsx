import { REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRenewRecoveryCodes } from '@/api/endpoints/security/security';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { useToast } from '@/ui/toast';

const schemaFor = (hasPassword: boolean) =>
  z.object({ current_password: hasPassword ? z.string().min(1, REQUIRED) : z.string() });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** A new set of recovery codes (issue 49 §1), after the password proves it is the owner;
 * the old set stops working. The new codes go to `onRenewed`, to show once. */
export function RenewRecoveryCodesDialog({
  me,
  onClose,
  onRenewed,
}: {
  me: Me;
  onClose: () => void;
  onRenewed: (recoveryCodes: string[]) => void;
}) {
  const renew = useRenewRecoveryCodes();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_password_set)),
    defaultValues: { current_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await renew.mutateAsync({
        data: { current_password: me.is_password_set ? values.current_password : null },
      });
      toast(data.message);
      onRenewed(data.recovery_codes);
    } catch (error) {
      setBanner(applyServerErrors(error, ['current_password'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="renew-codes-title">
      <DialogTitle id="renew-codes-title">Make new recovery codes?</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <DialogContentText>Your current recovery codes will stop working, used or not.</DialogContentText>
            {banner && <Alert severity="error">{banner}</Alert>}
            {me.is_password_set && <CurrentPasswordField control={form.control} />}
            <DialogFormActions submitLabel="Make new codes" onCancel={onClose} busy={form.formState.isSubmitting} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
