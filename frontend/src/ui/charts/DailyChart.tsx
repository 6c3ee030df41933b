import { Box, Card, CardContent, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';
import type { Period } from '@/api/model';
import { AXIS_COUNT, COUNT, DAY, daysOf } from './days';

export interface DailySeries {
  label: string;
  /** One value per day of the period. */
  values: number[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * One chart of daily counts over a period (the server's UTC days), in a card with its
 * title; the totals are said in words too, for whoever cannot see the lines.
 */
export function DailyChart({ title, period, series }: { title: string; period: Period; series: DailySeries[] }) {
  const days = daysOf(period);
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        <Typography component="figcaption" variant="body2" color="text.secondary">
          {series.map((one) => `${one.label}: ${COUNT.format(sum(one.values))}`).join(' · ')}
        </Typography>
        <Box sx={{ height: 220 }}>
          <LineChart
            skipAnimation
            height={220}
            margin={{ left: 0, right: 8 }}
            xAxis={[{ data: days, scaleType: 'time', valueFormatter: (day: Date) => DAY.format(day) }]}
            // Whole numbers from zero; a chart of nothing still has an axis up to 1.
            yAxis={[
              {
                tickMinStep: 1,
                min: 0,
                max: Math.max(1, ...series.flatMap((one) => one.values)),
                valueFormatter: (count: number, context: AxisValueFormatterContext) => (context.location === 'tick' ? AXIS_COUNT.format(count) : String(count)),
              },
            ]}
            series={series.map((one) => ({ data: one.values, label: one.label, showMark: false, curve: 'linear' as const }))}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
