import CloseIcon from '@mui/icons-material/Close';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Chip, IconButton, Stack } from '@mui/material';
import type { Attachment } from '@/api/model';

interface Props {
  files: Attachment[];
  /** In edit mode the author can remove each file. */
  onRemove?: (file: Attachment) => void;
}

/** A post's files: picture thumbnails that open the picture, PDFs by name. */
export function Attachments({ files, onRemove }: Props) {
  if (files.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
      {files.map((file) => (
        <Box key={file.id} sx={{ position: 'relative' }}>
          {file.type === 'image' ? (
            <Box component="a" href={file.image} target="_blank" rel="noopener noreferrer" aria-label={file.filename}>
              <Box
                component="img"
                src={file.image_thumbnail}
                alt={file.filename}
                width={120}
                height={90}
                loading="lazy"
                sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
              />
            </Box>
          ) : (
            <Chip
              icon={<PictureAsPdfIcon />}
              label={file.filename}
              component="a"
              href={file.image}
              target="_blank"
              rel="noopener noreferrer"
              clickable
              variant="outlined"
            />
          )}
          {onRemove && (
            <IconButton
              size="small"
              aria-label={`Remove ${file.filename}`}
              onClick={() => onRemove(file)}
              sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Stack>
  );
}
