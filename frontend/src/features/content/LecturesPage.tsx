import { Card, CardActionArea, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getListLecturesQueryKey, listLectures } from '@/api/endpoints/content/content';
import { usePages } from '@/lib/usePages';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { LoadMore } from '@/ui/LoadMore';
import { LectureVideo } from './LectureVideo';

/** /lecture-series, "Hear from the experts" (spec 2 §2 Lectures). */
export function LecturesPage() {
  usePageTitle('Hear from the experts');
  const pages = usePages(getListLecturesQueryKey(), (page) => listLectures({ page }));
  const lectures = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Hear from the experts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
        Short lectures by researchers, clinicians and patient partners. Watch them, then test yourself in Certificates.
      </Typography>
      {pages.isPending && <Loading />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && lectures.length === 0 && <EmptyState>No lectures yet.</EmptyState>}
      <Grid container spacing={3}>
        {lectures.map((lecture, index) => (
          <Grid key={lecture.id} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <LectureVideo lecture={lecture} priority={index === 0} />
              <CardActionArea component={RouterLink} to={`/lecture-series/${lecture.id}`}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {lecture.title}
                  </Typography>
                  <Typography color="text.secondary">{lecture.author}</Typography>
                  {lecture.summary && <Typography sx={{ mt: 1 }}>{lecture.summary}</Typography>}
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
                    {lecture.tags.map((tag) => (
                      <Chip key={tag.title} label={tag.title} size="small" />
                    ))}
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <LoadMore pages={pages} />
    </Container>
  );
}
