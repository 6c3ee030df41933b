import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A wizard's list of rows (team, needs, budget lines, milestones): a legend, what it is
 * for, its rows, the list's own error and a button that adds a row until `max`. */
export function ListSection({
  title,
  help,
  error,
  addLabel,
  count,
  max,
  onAdd,
  children,
}: {
  title: string;
  help: string;
  error?: string;
  addLabel: string;
  count: number;
  max: number;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{help}</Typography>
      {children}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button startIcon={<AddIcon />} onClick={onAdd} disabled={count >= max}>
          {addLabel}
        </Button>
      </Box>
    </Stack>
  );
}

/** One row of a [`ListSection`], with its remove button. */
export function ListRow({ label, onRemove, children }: { label: string; onRemove: () => void; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      {children}
      <IconButton aria-label={label} onClick={onRemove} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}
