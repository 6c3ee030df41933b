import { Grid, Typography } from '@mui/material';
import { useGroupActivity } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { DailyChart } from '@/ui/charts/DailyChart';
import { ErrorState, Loading } from '@/ui/QueryState';

/** The group page's Activity tab, for its owner and moderators: the last 90 days, day by day (one call). */
export function ActivityTab({ group }: { group: GroupDetail }) {
  const activity = useGroupActivity(group.slug);
  if (activity.isPending) return <Loading label="Loading the activity" />;
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => activity.refetch()} />;
  const data = activity.data.data;
  return (
    <section aria-labelledby="activity-title">
      <Typography id="activity-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        The last {data.period.days} days
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DailyChart title="Members" period={data.period} series={[{ label: 'Joined', values: data.members_joined }]} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DailyChart
            title="Discussions"
            period={data.period}
            series={[
              { label: 'Topics', values: data.topics },
              { label: 'Replies', values: data.replies },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DailyChart title="Updates" period={data.period} series={[{ label: 'Readers', values: data.update_readers }]} />
        </Grid>
      </Grid>
    </section>
  );
}
