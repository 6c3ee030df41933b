import { Card, CardActionArea, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getListResultsDueQueryKey, listResultsDue } from '@/api/endpoints/projects/projects';
import { postDate } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';

/** /results: the public tracker of funded projects whose results are due or overdue. */
export function ResultsTrackerPage() {
  usePageTitle('Results tracker');
  const pages = usePages(getListResultsDueQueryKey(), (page) => listResultsDue({ page }));
  const due = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Results tracker
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A funded project posts its results by a set date after it is paid out in full: a lay summary, the outcomes, its publications and data, and
        every deviation from its registered protocol. These projects have not posted theirs yet.
      </Typography>
      {pages.isPending ? (
        <Loading />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : due.length === 0 ? (
        <EmptyState>No project owes its results right now.</EmptyState>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {due.map((row) => (
            <li key={row.id}>
              <Card variant="outlined">
                <CardActionArea component={RouterLink} to={`/project/${row.slug}#results`}>
                  <CardContent>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                      <Typography variant="h6" component="h2">
                        {row.title}
                      </Typography>
                      <Chip
                        size="small"
                        color={row.overdue ? 'error' : 'default'}
                        label={row.overdue ? `Overdue since ${postDate(row.due_at)}` : `Due by ${postDate(row.due_at)}`}
                        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                      />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {row.owner?.name ?? 'A former member'}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <LoadMore pages={pages} />
    </Container>
  );
}
