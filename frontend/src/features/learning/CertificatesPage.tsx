import { Box, Card, CardActionArea, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetCertificatesBanner } from '@/api/endpoints/content/content';
import { getListQuizzesQueryKey, listQuizzes } from '@/api/endpoints/learning/learning';
import type { QuizListItem } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { usePageTitle } from '@/ui/page-title';
import { Picture } from '@/ui/Picture';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { plainText } from '@/lib/html-text';
import { mayOpen, scoreLine, statusOf } from './access';
import { CertificateDownloads } from './CertificateDownloads';
import { LoadMore } from '@/ui/LoadMore';

/** Spec 2 §9: 9 quizzes a page. */
const QUIZ_PAGE_SIZE = 9;

/** /certificates (spec 2 §2): the quizzes with each one's status. */
export function CertificatesPage() {
  usePageTitle('Certificates');
  const banner = useGetCertificatesBanner();
  const query = { perPage: QUIZ_PAGE_SIZE, ordering: '-created_at' };
  const pages = usePages(getListQuizzesQueryKey(query), (page) => listQuizzes({ ...query, page }));
  const quizzes = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const picture = banner.data?.data.banner;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Certificates
      </Typography>
      {picture && (
        <Box component={RouterLink} to={banner.data?.data.banner_link ?? '/'} sx={{ display: 'block', mb: 3 }}>
          <Picture src={picture} width={1200} height={240} alt="Certificates" sx={{ borderRadius: 2 }} />
        </Box>
      )}
      {pages.isPending && <Loading />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && quizzes.length === 0 && <EmptyState>No certificates found</EmptyState>}
      <Stack spacing={2} component="ul" aria-label="Quizzes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {quizzes.map((quiz) => (
          <QuizRow key={quiz.id} quiz={quiz} />
        ))}
      </Stack>
      <LoadMore pages={pages} />
    </Container>
  );
}

function QuizRow({ quiz }: { quiz: QuizListItem }) {
  const status = statusOf(quiz);
  const score = scoreLine(quiz);
  const content = (
    <CardContent>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2">
          {quiz.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={status} color={quiz.quiz_passed ? 'success' : 'default'} />
          {quiz.delayed_until && <Chip size="small" color="warning" label={`Delayed until ${dateTime(quiz.delayed_until)}`} />}
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {plainText(quiz.description)}
      </Typography>
      {score && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {score}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Box component="li">
      <Card variant="outlined" aria-label={quiz.name}>
        {mayOpen(quiz) ? (
          <CardActionArea component={RouterLink} to={`/certificates/${quiz.id}`}>
            {content}
          </CardActionArea>
        ) : (
          <Box aria-disabled>{content}</Box>
        )}
        {quiz.certificate_url && (
          <Box sx={{ px: 2, pb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <CertificateDownloads pdf={quiz.certificate_url} credential={quiz.credential_url} />
          </Box>
        )}
      </Card>
    </Box>
  );
}
