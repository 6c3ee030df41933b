import { REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirmTotp, useStartTotpSetup } from '@/api/endpoints/auth/auth';
import { confirmTotpBody } from '@/api/zod/auth/auth.zod';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useRefreshMe } from '../useRefreshMe';

/** Spec §9: the setup dialog closes 1500 ms after success. */
export const TWO_FACTOR_CLOSE_MS = 1500;

const FIELDS = ['token', 'current_password'] as const;

const schemaFor = (hasPassword: boolean) =>
  z.object({
    token: z.string().min(1, REQUIRED).pipe(confirmTotpBody.shape.token),
    current_password: hasPassword ? z.string().min(1, REQUIRED) : z.string(),
  });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** Enable: a QR code (and its secret) to scan, then the app's 6-digit code. Once on, the
 * dialog closes and hands over the recovery codes the server made, to show once. */
export function EnableTwoFactorDialog({
  me,
  onClose,
  onEnabled,
}: {
  me: Me;
  onClose: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  // Every opening starts a fresh secret; nothing of it is cached.
  const setup = useStartTotpSetup({ query: { gcTime: 0, staleTime: 0 } });
  const confirm = useConfirmTotp();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_password_set)),
    defaultValues: { token: '', current_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await confirm.mutateAsync({
        data: { token: values.token, current_password: me.is_password_set ? values.current_password : null },
      });
      setDone(data.message);
      window.setTimeout(() => {
        void refreshMe();
        onEnabled(data.recovery_codes);
      }, TWO_FACTOR_CLOSE_MS);
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="enable-2fa-title">
      <DialogTitle id="enable-2fa-title">Enable two-factor authentication</DialogTitle>
      <DialogContent>
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : (
          <>
            {setup.isPending && <Loading label="Preparing your QR code" />}
            {setup.isError && <ErrorState error={setup.error} onRetry={() => setup.refetch()} />}
            {setup.isSuccess && (
              <Box component="form" noValidate onSubmit={onSubmit}>
                <Stack spacing={2}>
                  <Typography variant="body2">
                    Scan this QR code with an authenticator app, then enter the 6-digit code it shows.
                  </Typography>
                  <Box
                    component="img"
                    src={setup.data.data.qrcode}
                    alt="QR code for your authenticator app"
                    sx={{ width: 200, height: 200, alignSelf: 'center', imageRendering: 'pixelated' }}
                  />
                  <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    Can't scan? Enter this key: <span data-testid="totp-secret">{setup.data.data.secret}</span>
                  </Typography>
                  {banner && <Alert severity="error">{banner}</Alert>}
                  <FormTextField
                    control={form.control}
                    name="token"
                    label="Authentication code"
                    autoComplete="one-time-code"
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  />
                  {me.is_password_set && (
                    <CurrentPasswordField control={form.control} />
                  )}
                  <DialogFormActions submitLabel="Enable" onCancel={onClose} busy={form.formState.isSubmitting} />
                </Stack>
              </Box>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
