import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Button, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { PICTURE_TYPES, rejectionOf } from '@/lib/pictures';
import { useToast } from '@/ui/toast';

interface Props {
  label?: string;
  required?: boolean;
  /** The stored image's address, if any. */
  current: string;
  file: File | null;
  onFile: (file: File) => void;
  error?: string;
}

/** A picture (a group's, an update's): a JPEG or PNG chosen here, uploaded after its record is saved. */
export function ImageField({ label = 'Image', required = true, current, file, onFile, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = (file && preview) || current;
  return (
    <FormControl error={Boolean(error)} required={required}>
      <FormLabel sx={{ mb: 1 }}>{label}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 200,
            height: 120,
            borderRadius: 1,
            bgcolor: 'action.hover',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            backgroundImage: shown ? `url(${shown})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
          role={shown ? 'img' : undefined}
          aria-label={shown ? label : undefined}
        />
        <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
          {shown ? 'Change image' : 'Choose image'}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={`${label} file`}
          accept={PICTURE_TYPES.join(',')}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const rejection = rejectionOf(chosen);
            if (rejection) toast(rejection, 'error');
            else onFile(chosen);
          }}
        />
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
