import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Me } from '@/api/model';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { EnableTwoFactorDialog } from './EnableTwoFactorDialog';
import { Section } from './Section';

/** Security (spec §4 Two-factor): on when any authenticator is confirmed. */
export function TwoFactorSection({ me }: { me: Me }) {
  const enabled = me.devices.some((device) => device.confirmed);
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const close = () => setDialog(null);
  return (
    <Section title="Security">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>Two-factor authentication</Typography>
            {enabled && <Chip size="small" icon={<CheckCircleIcon />} label="On" color="success" variant="outlined" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {enabled
              ? 'Signing in asks for a code from your authenticator app.'
              : 'Protect your account with a code from an authenticator app when you sign in.'}
          </Typography>
        </Stack>
        {enabled ? (
          <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
            Disable
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setDialog('enable')}>
            Enable
          </Button>
        )}
      </Stack>
      {dialog === 'enable' && <EnableTwoFactorDialog me={me} onClose={close} />}
      {dialog === 'disable' && <DisableTwoFactorDialog me={me} onClose={close} />}
    </Section>
  );
}
