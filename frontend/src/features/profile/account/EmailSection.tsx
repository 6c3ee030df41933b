import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useEmailConfirmStart } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { Section } from './Section';

/** E-mail status (spec §4 Email): Confirm email, then a disabled button and a check-your-mail modal. */
export function EmailSection({ me }: { me: Me }) {
  const start = useEmailConfirmStart();
  const toast = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      const { data } = await start.mutateAsync();
      setSent(data.message);
      setOpen(true);
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
  };

  return (
    <Section title="Email">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography sx={{ wordBreak: 'break-all' }}>{me.email}</Typography>
        {me.email_confirmed ? (
          <Chip icon={<CheckCircleIcon />} label="Confirmed" color="success" variant="outlined" />
        ) : (
          <Button variant="outlined" onClick={confirm} disabled={sent !== null || start.isPending}>
            Confirm email
          </Button>
        )}
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="check-email-title">
        <DialogTitle id="check-email-title">Check your email</DialogTitle>
        <DialogContent>
          <DialogContentText>
            We sent a confirmation link to {me.email}. {sent}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
