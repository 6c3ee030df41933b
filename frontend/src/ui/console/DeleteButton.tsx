import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useRun } from './useRun';

interface Props {
  /** What is deleted, for the question ("the post “…”"). */
  what: string;
  remove: () => Promise<unknown>;
  /** Where to go once it is gone. */
  then: string;
}

/** Deletes after a confirmation, then leaves the editor for the list. */
export function DeleteButton({ what, remove, then }: Props) {
  const [open, setOpen] = useState(false);
  const { run, busy } = useRun();
  const navigate = useNavigate();
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${what}?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          void run(remove, 'Successfully deleted').then((ok) => {
            setOpen(false);
            if (ok) void navigate(then);
          })
        }
      >
        This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
