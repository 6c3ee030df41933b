import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useStaffTrends } from '@/api/endpoints/staff/staff';
import type { ConsoleTrends } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';
import { DAY, daysOf } from './trendDays';

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

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The console home's charts: what members did each day of the last 90 (one call). Each
 * chart says its totals in words too, for whoever cannot see the lines.
 */
export function TrendsCharts() {
  const trends = useStaffTrends();
  if (trends.isPending) return <Loading label="Loading the charts" />;
  if (trends.isError) return <ErrorState error={trends.error} onRetry={() => trends.refetch()} />;
  const data = trends.data.data;
  const days = daysOf(data.period);
  return (
    <Box component="section" aria-labelledby="trends-title">
      <Typography id="trends-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        The last {data.period.days} days
      </Typography>
      <Grid container spacing={2}>
        {CHARTS.map((chart) => (
          <Grid key={chart.title} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" component="figure" sx={{ m: 0 }}>
              <CardContent>
                <Typography variant="h6" component="h3">
                  {chart.title}
                </Typography>
                <Typography component="figcaption" variant="body2" color="text.secondary">
                  {chart.series.map((series) => `${series.label}: ${sum(data[series.key])}`).join(' · ')}
                </Typography>
                <Box sx={{ height: 220 }}>
                  <LineChart
                    skipAnimation
                    height={220}
                    margin={{ left: 0, right: 8 }}
                    xAxis={[{ data: days, scaleType: 'time', valueFormatter: (day: Date) => DAY.format(day) }]}
                    // Whole numbers from zero; a chart of nothing still has an axis up to 1.
                    yAxis={[{ tickMinStep: 1, min: 0, max: Math.max(1, ...chart.series.flatMap((series) => data[series.key])) }]}
                    series={chart.series.map((series) => ({
                      data: data[series.key],
                      label: series.label,
                      showMark: false,
                      curve: 'linear' as const,
                    }))}
                  />
                </Box>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
