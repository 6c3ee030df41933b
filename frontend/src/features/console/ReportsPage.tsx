import { Tab, Tabs } from '@mui/material';
import { useUrlChoice } from '@/lib/useUrlState';
import { ModerationLog } from '@/ui/moderation/ModerationLog';
import { ReportsQueue } from '@/ui/moderation/ReportsQueue';
import { StaffPage } from '@/ui/console/StaffPage';

const VIEWS = ['queue', 'log'] as const;

/**
 * /staff/reports: every reported topic, reply, working group, update and profile, most
 * reported first, with the actions staff may take; and the whole moderation log.
 */
export function ReportsPage() {
  const [view, setView] = useUrlChoice('view', VIEWS, 'queue');
  return (
    <StaffPage title="Reports">
      <Tabs value={view} onChange={(_, next: (typeof VIEWS)[number]) => setView(next)} aria-label="Reports">
        <Tab value="queue" label="Waiting for review" />
        <Tab value="log" label="Moderation log" />
      </Tabs>
      {view === 'queue' ? <ReportsQueue /> : <ModerationLog />}
    </StaffPage>
  );
}
