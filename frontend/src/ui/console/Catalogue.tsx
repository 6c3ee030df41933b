import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { useToast } from '@/ui/toast';
import { ServerGrid } from './ServerGrid';
import { staffError } from './staffError';
import { useRun } from './useRun';
import { REQUIRED } from '@/lib/field-texts';

/** One entry of a short list staff curate (blog categories, tags, lookups). */
export interface Entry {
  id: number;
  label: string;
  slug: string;
  /** How many records use it; entries in use cannot be deleted. */
  uses: number;
  /** Built in: kept (its title may change, not its slug). */
  fixed?: boolean;
}

interface Props {
  /** What one entry is called ("category", "tag"). */
  noun: string;
  /** The name field's label ("Name", "Title"). */
  labelField: string;
  /** The column header for `uses` ("Posts", "Groups"). */
  usesLabel: string;
  entries: Entry[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  save: (label: string, slug: string, id?: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/** A curated list: add, rename (with its slug) and delete unused entries. */
export function Catalogue({ noun, labelField, usesLabel, entries, loading, error, onRetry, save, remove }: Props) {
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const { run, busy } = useRun();

  const columns: GridColDef<Entry>[] = [
    { field: 'label', headerName: labelField, flex: 2, minWidth: 180 },
    { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 140 },
    { field: 'uses', headerName: usesLabel, type: 'number', minWidth: 90 },
    {
      field: 'actions',
      headerName: '',
      sortable: false,
      minWidth: 110,
      renderCell: ({ row }) => (
          <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
            <Tooltip title={`Edit ${row.label}`}>
              <IconButton aria-label={`Edit ${row.label}`} onClick={() => setEditing(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {row.fixed ? (
              <Box sx={{ color: 'text.secondary', fontSize: 13 }}>built in</Box>
            ) : (
              <Tooltip title={row.uses > 0 ? 'In use: cannot be deleted' : `Delete ${row.label}`}>
                <span>
                  <IconButton aria-label={`Delete ${row.label}`} disabled={row.uses > 0} onClick={() => setDeleting(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Stack>
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing('new')}>
        Add a {noun}
      </Button>
      <ServerGrid label={`${noun}s`} rows={entries} columns={columns} loading={loading} error={error} onRetry={onRetry} empty={`No ${noun}s yet.`} />
      {editing && (
        <EntryDialog
          noun={noun}
          labelField={labelField}
          entry={editing === 'new' ? undefined : editing}
          save={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the ${noun} “${deleting?.label ?? ''}”?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void run(() => remove(deleting.id), 'Successfully deleted').then(() => setDeleting(null))}
      />
    </Stack>
  );
}

function EntryDialog({
  noun,
  labelField,
  entry,
  save,
  onClose,
}: {
  noun: string;
  labelField: string;
  entry?: Entry;
  save: Props['save'];
  onClose: () => void;
}) {
  const titleId = useId();
  const [label, setLabel] = useState(entry?.label ?? '');
  const [slug, setSlug] = useState(entry?.slug ?? '');
  const [errors, setErrors] = useState<{ label?: string; slug?: string }>({});
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setErrors({ label: REQUIRED });
      return;
    }
    setBusy(true);
    try {
      await save(label.trim(), slug.trim(), entry?.id);
      toast(entry ? 'Saved.' : `The ${noun} was added.`);
      await queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error : undefined;
      const labelError = fields && [...fields.fieldErrors('name'), ...fields.fieldErrors('title')][0];
      const slugError = fields?.fieldErrors('slug')[0];
      if (labelError || slugError) setErrors({ label: labelError, slug: slugError });
      else toast(staffError(error), 'error', 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{entry ? `Edit the ${noun}` : `Add a ${noun}`}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label={labelField}
            value={label}
            required
            autoFocus
            onChange={(event) => setLabel(event.target.value)}
            error={Boolean(errors.label)}
            helperText={errors.label}
          />
          <TextField
            label="Slug"
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            error={Boolean(errors.slug)}
            helperText={errors.slug ?? 'Blank makes one from the name.'}
          />
          <DialogFormActions submitLabel="Save" onCancel={onClose} busy={busy} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
