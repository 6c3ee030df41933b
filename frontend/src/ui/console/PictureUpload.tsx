import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage, ApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';

interface Props {
  label: string;
  /** The stored picture's address. */
  current?: string | null;
  /** What the input accepts; the server checks the content anyway. */
  accept?: string;
  /** Uploads the chosen file; the page refreshes what it shows afterwards. */
  upload: (file: File) => Promise<unknown>;
  /** Shows a video player instead of a picture. */
  video?: boolean;
  /** Set while uploading is not possible yet (the record is not saved): says why. */
  disabledText?: string;
}

/** Picks a file and uploads it at once, showing the result or the server's reason. */
export function PictureUpload({ label, current, accept = 'image/jpeg,image/png', upload, video = false, disabledText }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await upload(file);
      toast(`${label} saved.`);
      await queryClient.invalidateQueries();
    } catch (error) {
      const reason = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      toast(reason ?? errorMessage(error), 'error', 'Error');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={1}>
      <FormLabel>{label}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 220,
            height: 124,
            borderRadius: 1,
            bgcolor: 'action.hover',
            border: 1,
            borderColor: 'divider',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {current && video && <video src={current} controls style={{ width: '100%', height: '100%' }} />}
          {current && !video && (
            <img src={current} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          )}
          {!current && <PhotoCameraIcon color="disabled" />}
        </Box>
        {disabledText ? (
          <FormHelperText>{disabledText}</FormHelperText>
        ) : (
        <>
          {/* A real button that opens the hidden picker (a label dressed as a button is not one to assistive technology). */}
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
            {current ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </Button>
          <input ref={input} hidden type="file" accept={accept} aria-label={label} onChange={(event) => void onFile(event.target.files?.[0])} />
        </>
        )}
      </Stack>
    </Stack>
  );
}
