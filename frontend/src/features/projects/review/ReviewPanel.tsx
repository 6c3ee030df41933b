import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ReviewSummary } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { counted } from '@/lib/plural';
import { Guidelines } from './Guidelines';
import { ReviewList } from './ReviewList';
import { Loading } from '@/ui/QueryState';
import { Stars } from '@/ui/Stars';

// The rating form loads for those who may rate, once they have agreed to the guidelines.
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

/** Dynamic Review on a project's page: each criterion's average, the viewer's review (after
 * the terms' guidelines, the first time) and the reviews members wrote. */
export function ReviewPanel({ slug, summary, canRate }: { slug: string; summary: ReviewSummary; canRate: boolean }) {
  const [current, setCurrent] = useState(summary);
  const [agreed, setAgreed] = useState(false);
  const { isSignedIn } = useAuth();
  const here = encodeURIComponent(useLocation().pathname);
  return (
    <Box component="section" aria-labelledby="dynamic-review" sx={{ mt: 4 }}>
      <Typography variant="h5" component="h2" id="dynamic-review">
        Dynamic Review
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {current.count === 0 ? 'No reviews yet.' : `${counted(current.count, 'review')} from members.`}
      </Typography>
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {current.criteria.map((score) => (
          <Stack
            key={score.criterion}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', maxWidth: 480 }}
          >
            <Typography component="dt">{score.label}</Typography>
            <Stack component="dd" direction="row" spacing={1} sx={{ m: 0, alignItems: 'center' }}>
              <Stars value={score.average ?? 0} />
              <Typography variant="body2" sx={{ minWidth: 64 }}>
                {score.average == null ? 'Not rated' : `${score.average.toFixed(1)} of 5`}
              </Typography>
            </Stack>
          </Stack>
        ))}
      </Stack>
      <Box sx={{ mt: 3 }}>
        {canRate ? (
          current.mine || agreed ? (
            <Suspense fallback={<Loading />}>
              <ReviewForm slug={slug} criteria={current.criteria} mine={current.mine} onSaved={setCurrent} />
            </Suspense>
          ) : (
            <Guidelines guidelines={current.guidelines} onAgree={() => setAgreed(true)} />
          )
        ) : (
          !isSignedIn && (
            <Alert severity="info">
              <Link component={RouterLink} to={`/login?redirect_to=${here}`}>
                Sign in
              </Link>{' '}
              or{' '}
              <Link component={RouterLink} to={`/register-lite?redirect_to=${here}`}>
                sign up
              </Link>{' '}
              to review this project.
            </Alert>
          )
        )}
      </Box>
      <ReviewList slug={slug} criteria={current.criteria} />
    </Box>
  );
}
