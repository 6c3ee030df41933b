import { Box, Grid, Typography } from '@mui/material';
import { useStaffTrends } from '@/api/endpoints/console/console';
import type { ConsoleTrends } from '@/api/model';
import { DailyChart } from '@/ui/charts/DailyChart';
import { ErrorState, Loading } from '@/ui/QueryState';

type SeriesKey = Exclude<keyof ConsoleTrends, 'period'>;

const CHARTS: { title: string; series: { key: SeriesKey; label: string }[] }[] = [
  {
    title: 'Members',
    series: [
      { key: 'signups', label: 'Sign-ups' },
      { key: 'confirmed', label: 'Confirmed' },
      { key: 'active', label: 'Signed in' },
    ],
  },
  { title: 'Working groups', series: [{ key: 'groups', label: 'New groups' }] },
  {
    title: 'Discussions',
    series: [
      { key: 'topics', label: 'Topics' },
      { key: 'replies', label: 'Replies' },
    ],
  },
  {
    title: 'Learning',
    series: [
      { key: 'quiz_attempts', label: 'Quiz attempts' },
      { key: 'certificates', label: 'Certificates' },
    ],
  },
];

/** The console home's charts: what members did each day of the last 90 (one call). */
export function TrendsCharts() {
  const trends = useStaffTrends();
  if (trends.isPending) return <Loading label="Loading the charts" />;
  if (trends.isError) return <ErrorState error={trends.error} onRetry={() => trends.refetch()} />;
  const data = trends.data.data;
  return (
    <Box component="section" aria-labelledby="trends-title">
      <Typography id="trends-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        The last {data.period.days} days
      </Typography>
      <Grid container spacing={2}>
        {CHARTS.map((chart) => (
          <Grid key={chart.title} size={{ xs: 12, md: 6 }}>
            <DailyChart
              title={chart.title}
              period={data.period}
              series={chart.series.map((series) => ({ label: series.label, values: data[series.key] }))}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
