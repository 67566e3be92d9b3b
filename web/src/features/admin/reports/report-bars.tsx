/**
 * A report chart's drawing (recharts), for sighted readers: the page shows the same data as a
 * table beside it. Its own module, so the report's figures and tables do not wait for recharts.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLOURS = { first: '#1a4f8b', second: '#b7471b' } as const;

export default function Bars({
  data,
  series,
  max,
  counts = false,
}: {
  data: Record<string, string | number>[];
  series: { key: string; name: string }[];
  max?: number;
  /** Counts: whole ticks only. */
  counts?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 224 }}>
      <BarChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, left: 0, bottom: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis
          tick={{ fontSize: 12 }}
          allowDecimals={!counts}
          domain={max ? [0, max] : undefined}
        />
        <Tooltip />
        {series.length > 1 ? <Legend /> : null}
        {series.map((s, index) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={index === 0 ? COLOURS.first : COLOURS.second}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
