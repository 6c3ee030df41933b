import { Alert, Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { PrizeProgress } from '@/api/model';
import { counted } from '@/lib/plural';
import { goal } from '@/lib/money';

/** How far a live project is toward the prize's eligibility targets. */
export function PrizePanel({ prize }: { prize: PrizeProgress }) {
  const targets = [
    {
      label: `${goal(prize.raised_cents)} of ${goal(prize.raised_target_cents)} crowdfunded`,
      value: prize.raised_cents / prize.raised_target_cents,
    },
    {
      label: `${counted(prize.commenters, 'member')} of ${prize.commenters_target} commented`,
      value: prize.commenters / prize.commenters_target,
    },
    {
      label: `${counted(prize.favorites, 'favorite')} of ${prize.favorites_target}`,
      value: prize.favorites / prize.favorites_target,
    },
  ];
  return (
    <Box component="section" aria-labelledby="prize-progress" sx={{ mt: 4, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="h6" component="h2" id="prize-progress">
        Prize eligibility
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Projects that reach every target compete for the <Link component={RouterLink} to="/lgp-prize">$25,000 prize</Link>.
      </Typography>
      <Stack spacing={1.5}>
        {targets.map((target) => (
          <Box key={target.label}>
            <Typography variant="body2">{target.label}</Typography>
            <LinearProgress variant="determinate" value={Math.min(100, Math.round(target.value * 100))} aria-label={target.label} />
          </Box>
        ))}
      </Stack>
      {prize.eligible && (
        <Alert severity="success" sx={{ mt: 2 }}>
          Every target is reached: this project is eligible for the prize.
        </Alert>
      )}
    </Box>
  );
}
