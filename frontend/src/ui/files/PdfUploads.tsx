import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, IconButton, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-error';
import { uploadWithProgress } from '@/lib/api-client';
import { fileSize } from '@/lib/file-size';
import { useToast } from '@/ui/toast';

export interface UploadedFile {
  id: number;
  filename: string;
  byte_size: number;
}

/** PDFs attached to something not yet submitted (a protocol's next version, a milestone's next
 * report): uploaded as soon as chosen, removable until submitted. `room` is how many more it
 * may hold; `refresh` reloads what lists them. */
export function PdfUploads({
  heading,
  inputLabel,
  uploadUrl,
  files,
  room,
  refresh,
  remove,
}: {
  heading: string;
  inputLabel: string;
  uploadUrl: string;
  files: UploadedFile[];
  room: number;
  refresh: () => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const toast = useToast();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      await uploadWithProgress(uploadUrl, form, setProgress);
    } catch (error) {
      toast((error instanceof ApiError && error.fieldErrors('file')[0]) || errorMessage(error), 'error');
    } finally {
      setProgress(null);
      await refresh();
    }
  };
  const removing = async (id: number) => {
    try {
      await remove(id);
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
    await refresh();
  };
  return (
    <Box>
      <Typography variant="subtitle1" component="h2">
        {heading}
      </Typography>
      {files.length > 0 && (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${file.filename}`} onClick={() => void removing(file.id)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={file.filename} secondary={fileSize(file.byte_size)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        hidden
        aria-label={inputLabel}
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
