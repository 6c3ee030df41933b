import { Typography } from '@mui/material';
import type { ProtocolFile } from '@/api/model';
import { HashedFileList } from '@/ui/files/HashedFileList';

/** A version's files, each with the hash its registration covers. */
export function ProtocolFiles({ files }: { files: ProtocolFile[] }) {
  if (files.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        Files
      </Typography>
      <HashedFileList files={files} />
    </>
  );
}
