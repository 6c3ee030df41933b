import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ConsoleOverview } from '@/api/model';
import { STAFF_CONSOLE, StaffPage } from '@/ui/console/StaffPage';
import { useStaff } from '@/ui/console/useStaff';
import { ROLE_NAMES } from '@/ui/console/accountLabels';
import { Loading } from '@/ui/QueryState';

// The chart library loads with the console's home only.
const TrendsCharts = lazy(async () => ({ default: (await import('./TrendsCharts')).TrendsCharts }));

const QUEUES: { key: keyof Omit<ConsoleOverview, 'role'>; title: string; to: string }[] = [
  { key: 'groups_waiting', title: 'Working groups waiting', to: '/staff/groups' },
  { key: 'group_updates_waiting', title: 'Group updates waiting', to: '/staff/group-updates' },
  { key: 'affiliations_waiting', title: 'Affiliations waiting', to: '/staff/affiliations' },
  { key: 'contact_messages_open', title: 'Open contact messages', to: '/staff/messages' },
  { key: 'update_signups', title: 'Sign-ups for updates', to: '/staff/signups' },
];

/** /staff: what waits for staff, each count leading to its queue, and the trends beside them. */
export function HomePage() {
  const { data } = useStaff();
  return (
    <StaffPage title={STAFF_CONSOLE}>
      <Typography color="text.secondary">
        Signed in as {data ? ROLE_NAMES[data.role] : 'a moderator'}.
      </Typography>
      <Grid container spacing={2}>
        {QUEUES.map((queue) => (
          <Grid key={queue.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={queue.to}>
                <CardContent>
                  <Typography variant="h3" component="p">
                    {data?.[queue.key] ?? 0}
                  </Typography>
                  <Typography color="text.secondary">{queue.title}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Suspense fallback={<Loading label="Loading the charts" />}>
        <TrendsCharts />
      </Suspense>
    </StaffPage>
  );
}
