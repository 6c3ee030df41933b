import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { CircularProgress, Stack, Typography } from '@mui/material';

export type ConfirmationState =
  | { kind: 'pending' }
  | { kind: 'ok'; message: string }
  | { kind: 'failed'; message: string };

/** A link-confirmation screen's body: spinner, then a success or failure badge (spec §2). */
export function ConfirmationStatus({ state }: { state: ConfirmationState }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }} role="status">
      {state.kind === 'pending' && <CircularProgress aria-label="Confirming" />}
      {state.kind !== 'pending' && (
        <>
          {state.kind === 'ok' ? (
            <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
          ) : (
            <CancelIcon color="error" sx={{ fontSize: 64 }} />
          )}
          <Typography variant="h6" component="p">
            {state.message}
          </Typography>
        </>
      )}
    </Stack>
  );
}
