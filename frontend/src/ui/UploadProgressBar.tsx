import { LinearProgress, Paper, Typography } from '@mui/material';
import { useUploadProgress } from '@/lib/upload-progress';

/** Whatever file is on its way (an avatar, an attachment, a lecture video): how much is sent. */
export function UploadProgressBar() {
  const fraction = useUploadProgress();
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <Paper
      elevation={6}
      role="status"
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, width: 280, maxWidth: 'calc(100vw - 32px)', p: 2 }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        Uploading… {percent}%
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
    </Paper>
  );
}
