import { z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePhoneConfirmStart } from '@/api/endpoints/auth/auth';
import { phoneConfirmStartBody } from '@/api/zod/auth/auth.zod';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { SMS_REDIRECT_MS, SmsConfirmForm } from '@/ui/SmsConfirmForm';
import { useRefreshMe } from '../useRefreshMe';

const FIELDS = ['phone_number', 'current_password'] as const;
type Values = z.infer<typeof phoneConfirmStartBody>;

interface Props {
  me: Me;
  title: string;
  onClose: () => void;
}

/**
 * Spec §4 (Phone): phone and password return a new token and a message; 2 s later the
 * SMS code form shows; confirming shows its message and closes the modal 2 s later.
 */
export function PhoneDialog({ me, title, onClose }: Props) {
  const start = usePhoneConfirmStart();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(phoneConfirmStartBody),
    defaultValues: { phone_number: me.phone_confirmed ? '' : (me.phone_number ?? ''), current_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await start.mutateAsync({ data: values });
      setSent(data.message);
      window.setTimeout(() => setToken(data.new_token), SMS_REDIRECT_MS);
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  const onConfirmed = () => {
    void refreshMe();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="phone-dialog-title">
      <DialogTitle id="phone-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {token ? (
          <SmsConfirmForm token={token} onConfirmed={onConfirmed} />
        ) : sent ? (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
            <Stack spacing={2}>
              {banner && <Alert severity="error">{banner}</Alert>}
              <FormTextField
                control={form.control}
                name="phone_number"
                label="Phone number"
                type="tel"
                autoComplete="tel"
                placeholder="+44 20 7946 0958"
              />
              <CurrentPasswordField control={form.control} />
              <DialogFormActions submitLabel="Send code" onCancel={onClose} busy={form.formState.isSubmitting} />
            </Stack>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
