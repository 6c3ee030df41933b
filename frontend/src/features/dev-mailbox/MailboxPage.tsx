import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useDevMailboxList } from '@/api/endpoints/dev/dev';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useUrlPage } from '@/lib/useUrlState';
import { dateTime } from '@/lib/dates';

const PER_PAGE = 20;

/** Mail the app would have sent, while no SMTP server is configured. */
export function MailboxPage() {
  usePageTitle('Dev mailbox');
  const [page, setPage] = useUrlPage();
  const query = useDevMailboxList({ page, perPage: PER_PAGE });

  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Dev mailbox
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        E-mail is kept here instead of being sent while no SMTP server is configured.
      </Typography>
      {query.isPending && <Loading />}
      {query.isError && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
      {query.isSuccess && query.data.data.length === 0 && <EmptyState>No data.</EmptyState>}
      {query.isSuccess && (
        <Stack spacing={2}>
          {query.data.data.map((mail) => (
            <Card key={mail.id} variant="outlined" component="article">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {mail.subject}
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  To {mail.to} · {dateTime(mail.created_at)}
                </Typography>
                <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                  <Linkified text={mail.text} />
                </Box>
              </CardContent>
            </Card>
          ))}
          {query.data.pagination.total > 1 && (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center' }}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Typography variant="body2">
                Page {page} of {query.data.pagination.total}
              </Typography>
              <Button disabled={page >= query.data.pagination.total} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Container>
  );
}

/** Plain text with its http(s) links clickable, so confirmation links can be followed. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
