import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetLecture } from '@/api/endpoints/content/content';
import { languageName, preferredLanguage } from '@/lib/languages';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { NO_VIDEO } from './LecturesPage';

/** /lecture-series/{id}: the lecture's video (spec 1 §2: a load failure shows Error). */
export function LecturePage() {
  const id = Number(useParams().id);
  const lecture = useGetLecture(id);
  const [failed, setFailed] = useState(false);
  useItemPageTitle(lecture, lecture.data?.data.title, 'Lecture');
  const data = lecture.data?.data;
  const preferred = preferredLanguage(data?.captions.map((track) => track.language) ?? []);
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
            <video
              controls
              preload="metadata"
              poster={data.image ?? undefined}
              aria-label={`${data.title} video`}
              onError={() => setFailed(true)}
              src={data.video_file_url ?? undefined}
              style={{ width: '100%', borderRadius: 8, background: '#000' }}
            >
              {data.captions.map((track) => (
                <track
                  key={track.language}
                  kind="captions"
                  srcLang={track.language}
                  label={languageName(track.language)}
                  src={track.url}
                  default={track.language === preferred}
                />
              ))}
              {NO_VIDEO}
            </video>
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
