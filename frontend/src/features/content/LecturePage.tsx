import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetLecture } from '@/api/endpoints/content/content';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { LectureVideo } from './LectureVideo';

/** /lecture-series/{id}: the lecture's video (spec 1 §2: a load failure shows Error). */
export function LecturePage() {
  const id = Number(useParams().id);
  const lecture = useGetLecture(id);
  const [failed, setFailed] = useState(false);
  useItemPageTitle(lecture, lecture.data?.data.title, 'Lecture');
  const data = lecture.data?.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to="/lecture-series" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        All lectures
      </Button>
      {lecture.isPending && <Loading />}
      {lecture.isError && <ErrorState pageHeading error={lecture.error} onRetry={() => lecture.refetch()} />}
      {data && (
        <Stack spacing={2}>
          <Typography variant="h3" component="h1">
            {data.title}
          </Typography>
          <Typography color="text.secondary">{data.author}</Typography>
          {failed ? (
            <Alert severity="error">Error</Alert>
          ) : (
            <LectureVideo lecture={data} onError={() => setFailed(true)} priority />
          )}
          {data.summary && <Typography>{data.summary}</Typography>}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {data.tags.map((tag) => (
              <Chip key={tag.title} label={tag.title} size="small" />
            ))}
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
