import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

/*
 * Charts (ADR 0020), loaded only with the screens that draw them (React.lazy): @mantine/charts, the
 * chart package of the UI library we already use (its theme and colours), over recharts' SVG. Every
 * chart repeats numbers that a table beside it gives to screen readers and the keyboard, so the drawing
 * itself is hidden from assistive technology and takes no focus.
 */

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface BarFigureProps {
  /** A row may carry its own `color` (a Mantine colour or #hex), e.g. the status colours. */
  data: Record<string, string | number>[];
  dataKey: string;
  series: ChartSeries[];
  /** Formats the axis values (money in the user's locale, counts). */
  format: (value: number) => string;
  orientation?: 'horizontal' | 'vertical';
  height?: number;
}

export default function BarFigure({ data, dataKey, series, format, orientation, height = 260 }: BarFigureProps) {
  return (
    <div aria-hidden="true">
      <BarChart
        h={height}
        data={data}
        dataKey={dataKey}
        series={series}
        orientation={orientation}
        valueFormatter={format}
        withTooltip={false}
        withLegend={series.length > 1}
        tickLine="none"
        gridAxis={orientation === 'vertical' ? 'y' : 'x'}
        yAxisProps={{ width: orientation === 'vertical' ? 140 : 90 }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
