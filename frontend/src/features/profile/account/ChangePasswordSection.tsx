import { PASSWORD_TOO_SHORT, REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateMe } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { NewPasswordField, PasswordField } from '@/ui/form/PasswordFields';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../useRefreshMe';
import { Section } from './Section';

/** Spec §5 (Change password). */
export const PASSWORD_DONT_MATCH = "The password don't match";

const FIELDS = ['current_password', 'new_password', 'confirm_new_password'] as const;

const schemaFor = (hasPassword: boolean) =>
  z
    .object({
      current_password: hasPassword ? z.string().min(1, REQUIRED) : z.string(),
      new_password: z.string().min(1, REQUIRED).min(8, PASSWORD_TOO_SHORT),
      confirm_new_password: z.string().min(1, REQUIRED),
    })
    .refine((v) => v.new_password === v.confirm_new_password, {
      path: ['confirm_new_password'],
      message: PASSWORD_DONT_MATCH,
    });

type Values = z.infer<ReturnType<typeof schemaFor>>;

interface Props {
  me: Me;
  /** Called once the new password is saved. */
  onChanged?: () => void;
  /** Without the section's frame and heading (the page around it has its own). */
  bare?: boolean;
}

/** Change password; accounts made through single sign-on set their first one here. */
export function ChangePasswordSection({ me, onChanged, bare = false }: Props) {
  const update = useUpdateMe();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_password_set)),
    defaultValues: { current_password: '', new_password: '', confirm_new_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await update.mutateAsync({
        data: { ...values, current_password: me.is_password_set ? values.current_password : null },
      });
      toast(data.message);
      form.reset();
      await refreshMe();
      onChanged?.();
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  const fields = (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
      <Stack spacing={2}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {me.is_password_set && (
          <CurrentPasswordField control={form.control} />
        )}
        <NewPasswordField control={form.control} name="new_password" label="New password" userInputs={[me.email, me.name]} />
        <PasswordField control={form.control} name="confirm_new_password" label="Confirm new password" autoComplete="new-password" />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </Box>
  );
  return bare ? fields : <Section title={me.is_password_set ? 'Change password' : 'Set a password'}>{fields}</Section>;
}
