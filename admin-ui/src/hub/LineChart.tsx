import { Box } from '@mui/material';

export interface ChartPoint {
  date: string;
  value: number;
}

const W = 600;
const H = 160;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

/**
 * A small line chart of one daily series in SVG (no chart library). Screen readers get its summary as the
 * image's name; the figures themselves are on the cards above it.
 */
export const LineChart = ({
  points,
  label,
  format = (v) => String(v),
}: {
  points: ChartPoint[];
  label: string;
  format?: (value: number) => string;
}) => {
  const max = Math.max(1, ...points.map((p) => p.value));
  const x = (i: number) => PAD.left + (points.length > 1 ? (i * (W - PAD.left - PAD.right)) / (points.length - 1) : 0);
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0] ?? { date: '', value: 0 });
  const summary =
    points.length === 0
      ? `${label}: no days`
      : `${label} from ${points[0].date} to ${points[points.length - 1].date}: highest ${format(peak.value)} on ${peak.date}`;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={summary}
      sx={{ width: '100%', height: 'auto', display: 'block', color: 'primary.main' }}
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#9e9e9e" />
      {points.length > 0 && (
        <>
          <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          {points.map((p, i) => (
            <circle key={p.date} cx={x(i)} cy={y(p.value)} r={points.length > 40 ? 1.5 : 3} fill="currentColor" />
          ))}
          <text x={PAD.left} y={H - 6} fontSize={12} fill="#616161">
            {points[0].date}
          </text>
          <text x={W - PAD.right} y={H - 6} fontSize={12} fill="#616161" textAnchor="end">
            {points[points.length - 1].date}
          </text>
          <text x={PAD.left} y={PAD.top + 4} fontSize={12} fill="#616161">
            {`max ${format(max)}`}
          </text>
        </>
      )}
    </Box>
  );
};
