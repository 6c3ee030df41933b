import { useRenewRecoveryCodes } from '@/api/endpoints/security/security';
import type { Me } from '@/api/model';
import { useToast } from '@/ui/toast';
import { PasswordCheckDialog } from './PasswordCheckDialog';

/** A new set of recovery codes (issue 49 §1), after the password proves it is the owner;
 * the old set stops working. The new codes go to `onRenewed`, to show once. */
export function RenewRecoveryCodesDialog({
  me,
  onClose,
  onRenewed,
}: {
  me: Me;
  onClose: () => void;
  onRenewed: (recoveryCodes: string[]) => void;
}) {
  const renew = useRenewRecoveryCodes();
  const toast = useToast();
  return (
    <PasswordCheckDialog
      me={me}
      title="Make new recovery codes?"
      submitLabel="Make new codes"
      onClose={onClose}
      onConfirm={async (current_password) => {
        const { data } = await renew.mutateAsync({ data: { current_password } });
        toast(data.message);
        onRenewed(data.recovery_codes);
      }}
    >
      Your current recovery codes will stop working, used or not.
    </PasswordCheckDialog>
  );
}
