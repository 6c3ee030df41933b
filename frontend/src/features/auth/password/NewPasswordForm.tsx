import { z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, type ErrorOption } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { confirmResetPasswordBody } from '@/api/zod/auth/auth.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { NewPasswordField, PasswordField } from '@/ui/form/PasswordFields';

/** Spec §5 (document 1): the reset and set-password forms' own wording. */
import { FIELD_REQUIRED } from '@/lib/field-texts';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

const schema = z
  .object({
    password: z.string().min(1, FIELD_REQUIRED).pipe(confirmResetPasswordBody.shape.password),
    confirm_password: z.string().min(1, FIELD_REQUIRED),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: PASSWORDS_DONT_MATCH });

export type NewPassword = z.infer<typeof schema>;

interface Props {
  /** Sends the new password; resolves to the server's success text. */
  save: (values: NewPassword) => Promise<string>;
  /** Server field names mapped onto this form's. */
  serverFields: Partial<Record<string, keyof NewPassword>>;
}

/** New password + confirmation, then the success text and a way to sign in. */
export function NewPasswordForm({ save, serverFields }: Props) {
  const form = useForm<NewPassword>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm_password: '' } });
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      setDone(await save(values));
    } catch (error) {
      const local = Object.entries(serverFields) as [string, keyof NewPassword][];
      const setError = (field: string, value: ErrorOption) => {
        const mapped = local.find(([server]) => server === field)?.[1];
        if (mapped) form.setError(mapped, value);
      };
      setBanner(applyServerErrors(error, local.map(([server]) => server), setError));
    }
  });

  if (done) {
    return (
      <Stack spacing={2} role="status">
        <Alert severity="success">{done}</Alert>
        <Typography>
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>{' '}
          with your new password.
        </Typography>
      </Stack>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <NewPasswordField control={form.control} name="password" label="New password" />
        <PasswordField control={form.control} name="confirm_password" label="Confirm password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Save password
        </Button>
      </Stack>
    </Box>
  );
}
