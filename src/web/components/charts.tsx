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
  /** The least height; horizontal bars (`vertical` orientation) grow with their categories' names. */
  height?: number;
}

/** Width of the names' axis of horizontal bars; recharts wraps a name at its words to fit it. */
const NAME_AXIS_WIDTH = 150;
/** Axis text is 12 px: about this many characters to a line of NAME_AXIS_WIDTH, and this many px a line. */
const CHARACTERS_PER_LINE = 20;
const LINE_HEIGHT = 15;

/**
 * Horizontal bars: each category's band tall enough for its name wrapped on the axis, so that long fund
 * names ("Programme d'aide d'urgence aux PME (PAUPME)") do not run into each other. One line more than
 * the characters need, since lines break at words.
 */
function namedBarsHeight(names: readonly string[], least: number): number {
  const lines = Math.max(1, ...names.map((name) => Math.ceil(name.length / CHARACTERS_PER_LINE)));
  const band = (lines + (lines > 1 ? 1 : 0)) * LINE_HEIGHT + 12;
  // The value axis and the legend take about 60 px.
  return Math.max(least, names.length * band + 60);
}

export default function BarFigure({ data, dataKey, series, format, orientation, height = 260 }: BarFigureProps) {
  const horizontalBars = orientation === 'vertical';
  return (
    <div aria-hidden="true">
      <BarChart
        h={
          horizontalBars
            ? namedBarsHeight(
                data.map((row) => String(row[dataKey])),
                height,
              )
            : height
        }
        data={data}
        dataKey={dataKey}
        series={series}
        orientation={orientation}
        valueFormatter={format}
        withTooltip={false}
        withLegend={series.length > 1}
        tickLine="none"
        gridAxis={horizontalBars ? 'y' : 'x'}
        // Every category named: recharts otherwise skips names it finds crowded.
        xAxisProps={horizontalBars ? undefined : { interval: 0 }}
        yAxisProps={horizontalBars ? { width: NAME_AXIS_WIDTH, interval: 0 } : { width: 90 }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
