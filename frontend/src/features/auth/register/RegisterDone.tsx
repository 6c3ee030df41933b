import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Stack, Typography } from '@mui/material';

/** Shown once the account exists: the user must confirm their e-mail. */
export function RegisterDone({ message }: { message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
      <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="p">
        {message}
      </Typography>
    </Stack>
  );
}
