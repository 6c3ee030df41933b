import { REQUIRED, SIX_DIGIT_CODE, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirmAccountSms, useResendSmsCode } from '@/api/endpoints/auth/auth';
import { errorMessage } from '@/lib/api-error';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';

/** Spec §9: 2000 ms after SMS confirmation before moving on. */
export const SMS_REDIRECT_MS = 2000;

const schema = z.object({
  confirmation_code: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .pipe(z.string().regex(/^[0-9]{6}$/, SIX_DIGIT_CODE)),
});

interface Props {
  token: string;
  /** Called {@link SMS_REDIRECT_MS} after the success text shows; `access` signs a new account in. */
  onConfirmed: (access: string | null | undefined) => void;
}

/** The SMS code form of spec §4 (Phone): used after sign-up and when adding a phone. */
export function SmsConfirmForm({ token: initialToken, onConfirmed }: Props) {
  const [token, setToken] = useState(initialToken);
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirm = useConfirmAccountSms();
  const resend = useResendSmsCode();
  const toast = useToast();
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { confirmation_code: '' } });

  const onSubmit = form.handleSubmit(async ({ confirmation_code }) => {
    setBanner(null);
    try {
      const { data } = await confirm.mutateAsync({ data: { confirmation_code, sms_confirm_token: token } });
      setDone(data.message);
      window.setTimeout(() => onConfirmed(data.access), SMS_REDIRECT_MS);
    } catch (error) {
      setBanner(errorMessage(error));
    }
  });

  const onResend = async () => {
    try {
      const { data } = await resend.mutateAsync({ data: { sms_confirm_token: token } });
      setToken(data.new_token);
      toast(data.message);
    } catch (error) {
      // Spec §8: SMS resend failures show messages.error.
      toast(errorMessage(error), 'error');
    }
  };

  if (done) {
    return (
      <Alert severity="success" role="status">
        {done}
      </Alert>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Typography>We sent a 6-digit code to your phone. Enter it to confirm your number.</Typography>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField
          control={form.control}
          name="confirmation_code"
          label="Confirmation code"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onResend} disabled={resend.isPending}>
            Resend code
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Confirm phone number
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
