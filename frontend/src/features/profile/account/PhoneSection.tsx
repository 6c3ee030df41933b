import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Me } from '@/api/model';
import { PhoneDialog } from './PhoneDialog';
import { Section } from './Section';

/** Phone status (spec §4 Phone): Add, then Confirm, then Change phone number. */
export function phoneAction(me: Pick<Me, 'phone_number' | 'phone_confirmed'>): string {
  if (!me.phone_number) return 'Add phone number';
  return me.phone_confirmed ? 'Change phone number' : 'Confirm phone number';
}

export function PhoneSection({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const action = phoneAction(me);
  return (
    <Section title="Phone">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography color={me.phone_number ? 'text.primary' : 'text.secondary'}>
            {me.phone_number ?? 'No phone number yet.'}
          </Typography>
          {me.phone_number &&
            (me.phone_confirmed ? (
              <Chip size="small" icon={<CheckCircleIcon />} label="Confirmed" color="success" variant="outlined" />
            ) : (
              <Chip size="small" label="Not confirmed" color="warning" variant="outlined" />
            ))}
        </Stack>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {action}
        </Button>
      </Stack>
      {open && <PhoneDialog me={me} title={action} onClose={() => setOpen(false)} />}
    </Section>
  );
}
