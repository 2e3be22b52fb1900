import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import { formatCredits } from '../history/generation';

/** The dashboard's daily-usage bars; a separate chunk so recharts is not in the first load (CreditsCard loads it lazily). */
export default function UsageBarChart({ data, top }: { data: { day: string; credits: number }[]; top: number }) {
  return (
    <BarChart
      h={190}
      data={data}
      dataKey="day"
      series={[{ name: 'credits', label: 'Credits used', color: 'brand.5' }]}
      tickLine="none"
      gridAxis="x"
      strokeDasharray="3 3"
      yAxisProps={{ width: 28, domain: [0, top], ticks: [0, top / 2, top], tickFormatter: (v: number) => v.toLocaleString('en-US') }}
      xAxisProps={{ interval: 6, tickMargin: 6 }}
      valueFormatter={(v) => formatCredits(v)}
      barProps={{ radius: [4, 4, 0, 0] }}
      maxBarWidth={14}
    />
  );
}
