import { Link, List, ListItem, ListItemText } from '@mui/material';
import { fileSize } from '@/lib/file-size';

export interface HashedFile {
  id: number;
  filename: string;
  url: string;
  byte_size: number;
  sha256: string;
}

/** Files kept as sent, each linked with its size and the SHA-256 anyone can recompute. */
export function HashedFileList({ files, label }: { files: HashedFile[]; label?: string }) {
  return (
    <List dense aria-label={label}>
      {files.map((file) => (
        <ListItem key={file.id} disableGutters>
          <ListItemText
            primary={
              <Link href={file.url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Link>
            }
            secondary={
              <>
                {fileSize(file.byte_size)} · SHA-256 <code style={{ wordBreak: 'break-all' }}>{file.sha256}</code>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
