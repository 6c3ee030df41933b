import { Button } from '@mui/material';
import { useState } from 'react';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { useToast } from '@/ui/toast';

/** Spec 2 §4: deleting takes two steps, Delete then Confirm; success reads "Successfully deleted". */
export function DeleteAction({ remove, label }: { remove: () => Promise<{ data: { message: string } }>; label: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  if (!confirming) {
    return (
      <Button size="small" color="error" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`}>
        Delete
      </Button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    try {
      const { data } = await remove();
      toast(data.message);
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" variant="contained" onClick={confirm} disabled={busy}>
        Confirm
      </Button>
      <Button size="small" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </>
  );
}
