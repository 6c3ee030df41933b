import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useAcceptGroupAgreement } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { postDate } from '@/lib/dates';
import { useToast } from '@/ui/toast';
import { useRefreshGroup } from '../membership/useRefreshGroup';
import { AgreementText } from './AgreementText';

/**
 * Issue 24 §2: a member who has not accepted the current data-use agreement is asked to,
 * and once the grace period is over reads the group's private content only after they do.
 */
export function AgreementBanner({ group }: { group: GroupDetail }) {
  const [open, setOpen] = useState(false);
  const { must_accept, version, accept_by } = group.agreement;
  if (!must_accept || !version) return null;
  const text = accept_by
    ? `This working group has a new data-use agreement (version ${version}). Accept it by ${postDate(accept_by)} to keep reading its private topics, members and updates.`
    : `This working group's data-use agreement has changed (version ${version}). Accept it to read its private topics, members and updates again.`;
  return (
    <>
      <Alert
        severity={accept_by ? 'info' : 'warning'}
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            Read and accept
          </Button>
        }
      >
        {text}
      </Alert>
      {open && <AcceptDialog group={group} version={version} onClose={() => setOpen(false)} />}
    </>
  );
}

function AcceptDialog({ group, version, onClose }: { group: GroupDetail; version: number; onClose: () => void }) {
  const titleId = useId();
  const accept = useAcceptGroupAgreement();
  const refresh = useRefreshGroup(group.slug);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const yes = async () => {
    setFailure(null);
    try {
      const { data } = await accept.mutateAsync({ slug: group.slug, data: { version } });
      toast(data.message, 'success', 'Success');
      await refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{group.title}: data-use agreement</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <AgreementText slug={group.slug} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" onClick={() => void yes()} disabled={accept.isPending}>
          I accept version {version}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
