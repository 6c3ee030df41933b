import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  deleteGroupMaterial,
  getCreateGroupMaterialUrl,
  getListGroupMaterialsQueryKey,
  getListMyGroupMaterialsQueryKey,
  useCreateGroupMaterial,
  useListMyGroupMaterials,
} from '@/api/endpoints/groups/groups';
import type { DataMaterial } from '@/api/model';
import { ApiError, SOMETHING_WENT_WRONG, errorMessage } from '@/lib/api-error';
import { uploadWithProgress } from '@/lib/api-client';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { MaterialList, materialTitle } from '@/ui/materials/MaterialList';
import { REQUIRED } from '@/lib/field-texts';
import { usePatientDataCheck } from '@/ui/guardrail/usePatientDataCheck';

/** Spec 2 §5: one file of these types. */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];
export const SUPPORTED_FILE_TYPES = 'Supported file types: .jpg, .png, .gif, .pdf';
/** Spec 2 §9: the link's Success badge shows for 1 s. */
export const LINK_SAVED_MS = 1000;

/** Adds documents (uploaded as soon as chosen, with progress) and links; removes items. */
export function MaterialsEditor({ groupId }: { groupId: number }) {
  const items = useListMyGroupMaterials(groupId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [type, setType] = useState<'document' | 'link'>('document');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListMyGroupMaterialsQueryKey(groupId) }),
      queryClient.invalidateQueries({ queryKey: getListGroupMaterialsQueryKey(groupId) }),
    ]);

  const remove = async (id: number) => {
    try {
      await deleteGroupMaterial(groupId, id);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Share documents (images, GIFs and PDFs) and links your members will find useful.
      </Typography>
      {items.isPending && <Loading />}
      {items.isError && <ErrorState error={items.error} onRetry={() => items.refetch()} />}
      {items.isSuccess && (
        <MaterialList
          items={items.data.data}
          action={(item) => (
            <IconButton edge="end" aria-label={`Delete ${materialTitle(item)}`} onClick={() => remove(item.id)}>
              <DeleteIcon />
            </IconButton>
          )}
        />
      )}
      <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        {/* The wizard's step has no heading of its own: this one sits right under the page's h1. */}
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Add an item
        </Typography>
        <RadioGroup row value={type} onChange={(event) => setType(event.target.value as 'document' | 'link')} aria-label="Item type">
          <FormControlLabel value="document" control={<Radio />} label="Document" />
          <FormControlLabel value="link" control={<Radio />} label="Link" />
        </RadioGroup>
        {type === 'document' ? <DocumentUpload groupId={groupId} onSaved={refresh} /> : <LinkForm groupId={groupId} onSaved={refresh} />}
      </Box>
    </Stack>
  );
}

function DocumentUpload({ groupId, onSaved }: { groupId: number; onSaved: () => Promise<unknown> }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const toast = useToast();
  const guardrail = usePatientDataCheck();

  const upload = async (file: File) => {
    if (!DOCUMENT_TYPES.includes(file.type)) {
      toast(SUPPORTED_FILE_TYPES, 'error');
      return;
    }
    // Issue 24 §1: what the document carries (a PDF's text layer and metadata) is shown first.
    const choice = await guardrail.check('', [file]);
    if (!choice.publish) return;
    const form = new FormData();
    form.append('file', file);
    form.append('file_name', file.name);
    form.append('type', 'document');
    if (choice.declared) form.append('phi_declared', 'true');
    setProgress(0);
    try {
      await uploadWithProgress<DataMaterial>(getCreateGroupMaterialUrl(groupId), form, setProgress);
      await onSaved();
    } catch (error) {
      // Spec 2 §8: the server's first file message, default Something went wrong.
      toast((error instanceof ApiError && error.fieldErrors('file')[0]) || SOMETHING_WENT_WRONG, 'error');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {guardrail.prompt}
      <Box
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          const file = event.dataTransfer.files[0];
          if (file) void upload(file);
        }}
        sx={{ p: 3, border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, textAlign: 'center' }}
      >
        <Typography gutterBottom>Drop a file here, or</Typography>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={progress !== null}>
          Choose a file
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {SUPPORTED_FILE_TYPES}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="Document file"
          accept={DOCUMENT_TYPES.join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
    </Stack>
  );
}

function LinkForm({ groupId, onSaved }: { groupId: number; onSaved: () => Promise<unknown> }) {
  const create = useCreateGroupMaterial();
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ label?: string; url?: string }>({});
  const [saved, setSaved] = useState(false);

  const save = async () => {
    const local = { label: label.trim() ? undefined : REQUIRED, url: url.trim() ? undefined : REQUIRED };
    setErrors(local);
    if (local.label || local.url) return;
    try {
      await create.mutateAsync({ groupId, data: { type: 'link', label, url } });
      setLabel('');
      setUrl('');
      setSaved(true);
      window.setTimeout(() => setSaved(false), LINK_SAVED_MS);
      await onSaved();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({ label: error.fieldErrors('label')[0], url: error.fieldErrors('url')[0] ?? (error.fieldErrors('label')[0] ? undefined : errorMessage(error)) });
      } else {
        setErrors({ url: SOMETHING_WENT_WRONG });
      }
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <TextField label="Label" value={label} onChange={(e) => setLabel(e.target.value)} error={Boolean(errors.label)} helperText={errors.label} required />
      <TextField label="URL" value={url} onChange={(e) => setUrl(e.target.value)} error={Boolean(errors.url)} helperText={errors.url} required placeholder="https://" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" onClick={save} disabled={create.isPending}>
          Save
        </Button>
        {saved && <Chip color="success" label="Success" />}
      </Stack>
      {create.isError && !(create.error instanceof ApiError) && <Alert severity="error">{SOMETHING_WENT_WRONG}</Alert>}
    </Stack>
  );
}
