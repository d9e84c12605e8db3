import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/** Distinct colours for up to ten lines, readable on the console's light background. */
const COLOURS = [
  '#b0185e',
  '#1f6fb2',
  '#2e8b57',
  '#d2691e',
  '#6a3d9a',
  '#008b8b',
  '#8b4513',
  '#c71585',
  '#556b2f',
  '#4b0082',
];

export interface ChartLine {
  /** The field of each point this line draws. */
  key: string;
  label: string;
}

export interface LinesChartProps {
  /** An accessible name for the chart as a whole. */
  title: string;
  /** One object per point on the x axis: its `x` label and a number (or nothing) per line key. */
  points: readonly Record<string, string | number | null>[];
  lines: readonly ChartLine[];
  /** How a value reads on the y axis and in the tooltip. */
  format?: (value: number) => string;
}

/**
 * A line chart (recharts) of a few series over time: one line per key, a legend, a tooltip per point. Drawn at a
 * fixed size that follows its box's width when the browser can observe it.
 */
export function LinesChart({ title, points, lines, format = String }: LinesChartProps) {
  return (
    <figure className="vv-operator__chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <LineChart width={720} height={260} data={[...points]} responsive accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="x" />
        <YAxis tickFormatter={format} width={64} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? format(value) : String(value))} />
        {/* The lines in their given order: the most visited first. */}
        <Legend itemSorter={null} />
        {lines.map((line, index) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.label}
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={2}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
}
