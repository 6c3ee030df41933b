import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import { moved } from '@/ui/console/moved';

/** A text field of the items (slides, article cards). */
export interface ItemField<T> {
  key: keyof T & string;
  label: string;
  multiline?: boolean;
  required?: boolean;
}

interface Props<T> {
  /** What one item is called ("slide", "article"). */
  noun: string;
  items: T[];
  fields: ItemField<T>[];
  empty: T;
  onChange: (items: T[]) => void;
}

/** Edits a block's list of items: their text fields, order, additions and removals. */
export function ItemsEditor<T extends object>({ noun, items, fields, empty, onChange }: Props<T>) {
  const set = (index: number, key: keyof T, text: string) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [key]: text === '' ? null : text } : item)));
  return (
    <Stack spacing={2}>
      {items.map((item, index) => (
        <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {noun[0].toUpperCase() + noun.slice(1)} {index + 1}
            </Typography>
            <IconButton aria-label={`Move ${noun} ${index + 1} up`} disabled={index === 0} onClick={() => onChange(moved(items, index, -1))}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Move ${noun} ${index + 1} down`}
              disabled={index === items.length - 1}
              onClick={() => onChange(moved(items, index, 1))}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={`Remove ${noun} ${index + 1}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
          <Grid container spacing={2}>
            {fields.map((field) => (
              <Grid key={field.key} size={{ xs: 12, md: field.multiline ? 12 : 6 }}>
                <TextField
                  fullWidth
                  size="small"
                  label={field.label}
                  required={field.required}
                  multiline={field.multiline}
                  minRows={field.multiline ? 2 : undefined}
                  value={(item[field.key] as string | null | undefined) ?? ''}
                  onChange={(event) => set(index, field.key, event.target.value)}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...items, { ...empty }])} sx={{ alignSelf: 'flex-start' }}>
        Add a {noun}
      </Button>
    </Stack>
  );
}
