import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MASTERY_COLORS, type MasteryLevel } from '../graph/mastery-level';

export interface MasteryBarProps {
  /** Whole percent, 0..100. */
  percent: number;
  /** The bar's accessible name. */
  label: string;
  /** Colours the bar by mastery level (graph and topic pages); without it the bar is the primary colour. */
  level?: MasteryLevel;
  /** Topic cards use the thinner bar. */
  size?: 'small' | 'medium';
}

/** The one mastery bar of the site: a determinate bar with rounded ends. */
export function MasteryBar({ percent, label, level, size = 'medium' }: MasteryBarProps) {
  const color = level === undefined ? undefined : MASTERY_COLORS[level];
  return (
    <LinearProgress
      variant="determinate"
      value={percent}
      color={color === 'default' ? 'inherit' : color}
      aria-label={label}
      sx={size === 'small' ? { height: 6, borderRadius: 3 } : { height: 8, borderRadius: 4 }}
    />
  );
}

/** A skill's bar under its name, with the percent (and an optional detail before it) on the right. */
export function MasteryRow({ name, percent, detail = '' }: { name: string; percent: number; detail?: string }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, gap: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
          {percent}%
        </Typography>
      </Stack>
      <MasteryBar percent={percent} label={name} />
    </Box>
  );
}
