import { Box, Typography } from '@mui/material';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { useStaffAuditActivity } from '@/api/endpoints/console/console';
import type { StaffAuditActivityParams } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';
import { DAY, daysOf } from '@/ui/charts/days';

/**
 * The audit log's activity strip: how many decisions its filter lets through on each day of
 * the last 90 (one call), with the total and the busiest day in words for whoever cannot
 * see the bars.
 */
export function AuditActivityStrip({ filter }: { filter: StaffAuditActivityParams }) {
  const activity = useStaffAuditActivity(filter);
  if (activity.isPending) return <Loading label="Loading the activity" />;
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => activity.refetch()} />;
  const { period, entries } = activity.data.data;
  const days = daysOf(period);
  const total = entries.reduce((sum, n) => sum + n, 0);
  const busiest = entries.indexOf(Math.max(...entries));
  const summary =
    total === 0
      ? `No decision in the last ${period.days} days.`
      : `${total} ${total === 1 ? 'decision' : 'decisions'} in the last ${period.days} days; the busiest day was ${DAY.format(days[busiest])} (${entries[busiest]}).`;
  return (
    <Box component="figure" sx={{ m: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="audit-activity">
      <Box sx={{ height: 56 }}>
        <SparkLineChart
          plotType="bar"
          data={entries}
          height={56}
          showTooltip
          showHighlight
          xAxis={{ scaleType: 'band', data: days, valueFormatter: (day: Date) => DAY.format(day) }}
          valueFormatter={(value) => `${value ?? 0} ${value === 1 ? 'decision' : 'decisions'}`}
        />
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
