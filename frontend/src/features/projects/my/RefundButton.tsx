import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refundMyProject } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';

/** The owner refunds every pledge of their project, after a confirmation that the contract
 * becomes void (spec 2 §5); once the funds were paid out, it warns that the payout is taken
 * back first. */
export function RefundButton({ project }: { project: ProjectDraft }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const refund = async () => {
    setBusy(true);
    try {
      const done = await refundMyProject(project.id);
      toast(done.data.message);
      setOpen(false);
      await queryClient.invalidateQueries();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        Refund all pledges
      </Button>
      <ConfirmDialog
        open={open}
        title={`Refund every pledge to ${project.title}?`}
        confirmLabel="Refund all pledges"
        danger
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void refund()}
      >
        <Stack spacing={1.5}>
          <Typography>
            Every backer gets back anything charged and no pledge is charged any more. The funding contract becomes void and the project closes: this
            cannot be undone.
          </Typography>
          {project.funding.paid_out && (
            <Alert severity="warning">
              The funds were already paid out to your institution&apos;s account: that payout is taken back from the account first, and the platform&apos;s
              fee is returned, so that every backer gets back all they paid. The account must still hold the payout.
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
