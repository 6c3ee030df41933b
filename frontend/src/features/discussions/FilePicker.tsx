import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Chip, FormHelperText, Stack } from '@mui/material';
import { useRef } from 'react';
import { useToast } from '@/ui/toast';
import { FILE_TYPES, MAX_FILES, SUPPORTED_FILES, TOO_MANY_FILES } from './limits';

interface Props {
  files: File[];
  onChange: (files: File[]) => void;
  /** Files the post already has (an edit adds to them). */
  already?: number;
  error?: string;
}

/** Chooses up to 10 JPEG, PNG, GIF or PDF files; the server checks them again by content. */
export function FilePicker({ files, onChange, already = 0, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const add = (chosen: File[]) => {
    const rejected = chosen.find((file) => !FILE_TYPES.includes(file.type));
    if (rejected) {
      toast(`${rejected.name}: ${SUPPORTED_FILES}`, 'error', 'Error');
      return;
    }
    if (already + files.length + chosen.length > MAX_FILES) {
      toast(TOO_MANY_FILES, 'error', 'Error');
      return;
    }
    onChange([...files, ...chosen]);
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button size="small" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={already + files.length >= MAX_FILES}>
          Attach files
        </Button>
        {files.map((file, index) => (
          <Chip
            key={`${file.name}-${index}`}
            label={file.name}
            size="small"
            onDelete={() => onChange(files.filter((_, i) => i !== index))}
            deleteIcon={<CloseIcon aria-label={`Remove ${file.name}`} />}
          />
        ))}
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        aria-label="Attach files"
        accept={FILE_TYPES.join(',')}
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <FormHelperText error={Boolean(error)} sx={{ mt: 0 }}>
        {error ?? `${SUPPORTED_FILES} Up to ${MAX_FILES} files.`}
      </FormHelperText>
    </Stack>
  );
}
