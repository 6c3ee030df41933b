import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, IconButton, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { getGetMyProjectProtocolQueryKey, getUploadProtocolFileUrl, removeProtocolFile } from '@/api/endpoints/projects/projects';
import type { DataProtocolFile, ProtocolFile } from '@/api/model';
import { ApiError, SOMETHING_WENT_WRONG, errorMessage } from '@/lib/api-error';
import { uploadWithProgress } from '@/lib/api-client';
import { fileSize } from '@/lib/file-size';
import { useToast } from '@/ui/toast';

/** The PDFs waiting for the next registration: uploaded as soon as chosen, removable until
 * registered. `room` is how many more the version may hold. */
export function ProtocolUploads({ projectId, files, room }: { projectId: number; files: ProtocolFile[]; room: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getGetMyProjectProtocolQueryKey(projectId) });
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      await uploadWithProgress<DataProtocolFile>(getUploadProtocolFileUrl(projectId), form, setProgress);
      await refresh();
    } catch (error) {
      toast((error instanceof ApiError && error.fieldErrors('file')[0]) || SOMETHING_WENT_WRONG, 'error');
    } finally {
      setProgress(null);
    }
  };
  const remove = async (id: number) => {
    try {
      await removeProtocolFile(projectId, id);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
  };
  return (
    <Box>
      <Typography variant="subtitle1" component="h2">
        New files (PDF)
      </Typography>
      {files.length > 0 && (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${file.filename}`} onClick={() => void remove(file.id)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={file.filename} secondary={fileSize(file.byte_size)} />
            </ListItem>
          ))}
        </List>
      )}
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        hidden
        aria-label="Protocol file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        disabled={progress !== null || files.length >= room}
        sx={{ mt: 1 }}
      >
        Add a PDF
      </Button>
      {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1 }} aria-label="Upload progress" />}
    </Box>
  );
}
