import { Avatar, Card, CardContent, Stack, Typography } from '@mui/material';
import { getListProjectReviewsQueryKey, listProjectReviews } from '@/api/endpoints/projects/projects';
import type { CriterionScore, ProjectReview } from '@/api/model';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { ErrorState, Loading } from '@/ui/QueryState';
import { postDate } from '@/lib/dates';
import { counted } from '@/lib/plural';
import { Stars } from '@/ui/Stars';

/** The reviews members wrote, the latest changed first. */
export function ReviewList({ slug, criteria }: { slug: string; criteria: CriterionScore[] }) {
  const pages = usePages(getListProjectReviewsQueryKey(slug), (page) => listProjectReviews(slug, { page }));
  const reviews = pages.data?.pages.flatMap((page) => page.data) ?? [];
  if (pages.isPending) return <Loading label="Loading the reviews" />;
  if (pages.isError) return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />;
  if (reviews.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mt: 3 }} component="ul" aria-label="Reviews" style={{ listStyle: 'none', padding: 0 }}>
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} criteria={criteria} />
        </li>
      ))}
      <LoadMore pages={pages} />
    </Stack>
  );
}

function ReviewCard({ review, criteria }: { review: ProjectReview; criteria: CriterionScore[] }) {
  const name = review.reviewer?.name ?? 'A former member';
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Avatar src={review.reviewer?.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {postDate(review.updated_at)}
          </Typography>
        </Stack>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mb: review.comment ? 1 : 0 }}>
          {criteria.map(({ criterion, label }) => (
            <Stack key={criterion} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{label}</Typography>
              <Stars value={review[criterion]} label={`${counted(review[criterion], 'star')} of 5`} />
            </Stack>
          ))}
        </Stack>
        {review.comment && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.comment}</Typography>}
      </CardContent>
    </Card>
  );
}
