import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ProtocolFile } from '@/api/model';
import { fileSize } from '@/lib/file-size';

/** A version's files, each with the hash its registration covers. */
export function ProtocolFiles({ files }: { files: ProtocolFile[] }) {
  if (files.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        Files
      </Typography>
      <List dense>
        {files.map((file) => (
          <ListItem key={file.id} disableGutters>
            <ListItemText
              primary={
                <Link href={file.url} target="_blank" rel="noopener">
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
    </>
  );
}
