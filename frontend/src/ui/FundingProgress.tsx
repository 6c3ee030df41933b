import { LinearProgress, Stack, Typography } from '@mui/material';
import type { Funding } from '@/api/model';
import { counted } from '@/lib/plural';
import { goal } from '@/lib/money';

/** Raised against the goal, as a bar and in words (cards and the project page). */
export function FundingProgress({ funding, goalCents, size = 'small' }: { funding: Funding; goalCents: number | null | undefined; size?: 'small' | 'large' }) {
  const share = goalCents ? Math.min(100, (funding.raised_cents / goalCents) * 100) : 0;
  return (
    <Stack spacing={0.5}>
      <LinearProgress variant="determinate" value={share} aria-label="Funding progress" sx={{ height: size === 'large' ? 10 : 6, borderRadius: 5 }} />
      <Typography variant={size === 'large' ? 'body1' : 'body2'}>
        <strong>{goal(funding.raised_cents)}</strong> pledged of {goal(goalCents)} · {counted(funding.backers, 'backer')}
      </Typography>
    </Stack>
  );
}
