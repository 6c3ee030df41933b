import { REQUIRED, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Me } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrentPasswordField } from '@/ui/form/CurrentPasswordField';
import { DialogFormActions } from '@/ui/form/DialogFormActions';

const schemaFor = (hasPassword: boolean) =>
  z.object({ current_password: hasPassword ? z.string().min(1, REQUIRED) : z.string() });
type Values = z.infer<ReturnType<typeof schemaFor>>;

interface Props {
  me: Me;
  title: string;
  children: ReactNode;
  submitLabel: string;
  color?: 'primary' | 'error';
  /** Does the change with the current password (none for an account without one); the
   * server's refusals land on the field or in the banner. */
  onConfirm: (currentPassword: string | null) => Promise<void>;
  onClose: () => void;
}

/** A security change the member confirms with their current password (turning two-factor
 * off, a new set of recovery codes). */
export function PasswordCheckDialog({ me, title, children, submitLabel, color, onConfirm, onClose }: Props) {
  const titleId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(me.is_password_set)),
    defaultValues: { current_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onConfirm(me.is_password_set ? values.current_password : null);
    } catch (error) {
      setBanner(applyServerErrors(error, ['current_password'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <DialogContentText>{children}</DialogContentText>
            {banner && <Alert severity="error">{banner}</Alert>}
            {me.is_password_set && <CurrentPasswordField control={form.control} />}
            <DialogFormActions submitLabel={submitLabel} onCancel={onClose} busy={form.formState.isSubmitting} color={color} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
