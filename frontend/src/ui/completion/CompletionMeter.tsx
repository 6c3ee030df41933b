import { Box, LinearProgress, Typography } from '@mui/material';
import type { ProfileCompletion } from '@/api/model';
import { completionPercent } from './items';

/** The profile-completion meter (spec §2 Dashboard, §5: nine items). */
export function CompletionMeter({ completion }: { completion: ProfileCompletion }) {
  const percent = completionPercent(completion);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="completion-label">
        Profile {percent}% complete ({completion.completed} of {completion.total})
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby="completion-label"
        sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
