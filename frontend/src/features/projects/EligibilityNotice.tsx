import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { EligibilityGap } from '@/api/model';

const FIX_LABEL: Record<string, string> = {
  affiliation: 'Set up your university affiliation',
  affiliation_in_review: 'See your affiliation',
  equity_profile: 'Complete your profile',
};

/** Why the member may not submit a project yet, each reason with the screen that fixes it. */
export function EligibilityNotice({ gaps }: { gaps: EligibilityGap[] }) {
  return (
    <Alert severity="info" role="status">
      <AlertTitle>Before you submit a project</AlertTitle>
      <Stack spacing={1.5}>
        {gaps.map((gap) => (
          <Stack key={gap.gap} spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <span>{gap.message}</span>
            <Button component={RouterLink} to={gap.fix_route} size="small" variant="outlined">
              {FIX_LABEL[gap.gap] ?? 'Fix it'}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
