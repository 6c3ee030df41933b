import { Button, Card, CardActions, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { staffHandleContactMessage, useStaffListContactMessages } from '@/api/endpoints/content-staff/content-staff';
import { dateTime } from '@/lib/dates';
import { PagedCards } from '@/ui/console/PagedCards';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { useUrlChoice, useUrlPage } from '@/lib/useUrlState';

const PER_PAGE = 20;

/** /staff/messages: what visitors sent through the contact form; mark each handled. */
export function MessagesPage() {
  const [box, setBox] = useUrlChoice('box', ['open', 'handled'], 'open');
  const handled = box === 'handled';
  const [page, setPage] = useUrlPage();
  const list = useStaffListContactMessages({ handled, page, perPage: PER_PAGE });
  const { run, busy } = useRun();


  return (
    <StaffPage title="Contact messages">
      <Tabs
        value={handled ? 'handled' : 'open'}
        onChange={(_, next: 'open' | 'handled') => setBox(next)}
      >
        <Tab value="open" label="Open" />
        <Tab value="handled" label="Handled" />
      </Tabs>
      <PagedCards query={list} perPage={PER_PAGE} page={page} onPage={setPage} empty={handled ? 'No handled messages yet.' : 'No open contact messages.'}>
        {(message) => (
          <Card key={message.id} variant="outlined" component="article" aria-label={`Message from ${message.name}`}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {message.name}
                </Typography>
                <a href={`mailto:${message.email}`}>{message.email}</a>
                {message.handled_at && <Chip size="small" label={`Handled ${dateTime(message.handled_at)}`} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {dateTime(message.created_at)}
              </Typography>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</Typography>
            </CardContent>
            {!message.handled_at && (
              <CardActions>
                <Button disabled={busy} onClick={() => void run(() => staffHandleContactMessage(message.id), 'Marked as handled.')}>
                  Mark handled
                </Button>
              </CardActions>
        )}
      </Card>
        )}
      </PagedCards>
    </StaffPage>
  );
}
