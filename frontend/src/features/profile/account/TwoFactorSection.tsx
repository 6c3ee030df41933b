import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getCountRecoveryCodesQueryKey, useCountRecoveryCodes } from '@/api/endpoints/security/security';
import type { Me } from '@/api/model';
import { ShownOnceDialog } from '@/ui/ShownOnceDialog';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { EnableTwoFactorDialog } from './EnableTwoFactorDialog';
import { RenewRecoveryCodesDialog } from './RenewRecoveryCodesDialog';
import { Section } from './Section';

/** Security (spec §4 Two-factor): on when any authenticator is confirmed; with it, the
 * recovery codes left and a new set on request (issue 49 §1). */
export function TwoFactorSection({ me }: { me: Me }) {
  const enabled = me.devices.some((device) => device.confirmed);
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'renew' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const close = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: getCountRecoveryCodesQueryKey() });
  };
  const show = (recoveryCodes: string[]) => {
    close();
    setCodes(recoveryCodes);
  };
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
      {enabled && <RecoveryCodesRow onRenew={() => setDialog('renew')} />}
      {dialog === 'enable' && <EnableTwoFactorDialog me={me} onClose={close} onEnabled={show} />}
      {dialog === 'disable' && <DisableTwoFactorDialog me={me} onClose={close} />}
      {dialog === 'renew' && <RenewRecoveryCodesDialog me={me} onClose={close} onRenewed={show} />}
      <ShownOnceDialog
        title="Save your recovery codes"
        label="Recovery codes"
        value={codes?.join('\n') ?? null}
        warning="Copy them now: you will not be able to see them again."
        onClose={() => setCodes(null)}
      >
        <Typography variant="body2">
          If you lose your authenticator app, each of these codes signs you in once. Keep them somewhere safe, such as a
          password manager.
        </Typography>
      </ShownOnceDialog>
    </Section>
  );
}

/** How many recovery codes are left, and a new set. */
function RecoveryCodesRow({ onRenew }: { onRenew: () => void }) {
  const left = useCountRecoveryCodes();
  const count = left.data?.data;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 600 }}>Recovery codes</Typography>
        <Typography variant="body2" color={count?.left === 0 ? 'error' : 'text.secondary'}>
          {count === undefined
            ? 'Codes that sign you in if you lose your authenticator app.'
            : `${count.left} of ${count.set_size} left. Each signs you in once if you lose your authenticator app.`}
        </Typography>
      </Stack>
      <Button variant="outlined" onClick={onRenew} sx={{ flexShrink: 0 }}>
        New recovery codes
      </Button>
    </Stack>
  );
}
