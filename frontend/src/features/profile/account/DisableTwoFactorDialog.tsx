import { useDisableTotp } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../useRefreshMe';
import { PasswordCheckDialog } from './PasswordCheckDialog';

/** Disable two-factor, after the password proves it is the owner. */
export function DisableTwoFactorDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const disable = useDisableTotp();
  const toast = useToast();
  const refreshMe = useRefreshMe();
  return (
    <PasswordCheckDialog
      me={me}
      title="Disable two-factor authentication?"
      submitLabel="Disable"
      color="error"
      onClose={onClose}
      onConfirm={async (current_password) => {
        const { data } = await disable.mutateAsync({ data: { current_password } });
        toast(data.message);
        await refreshMe();
        onClose();
      }}
    >
      Signing in will no longer ask for a code from your authenticator app.
    </PasswordCheckDialog>
  );
}
