import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { levelPercent, MASTERY_COLORS, masteryLabel, masteryLevel } from '../../graph/mastery-level';
import { MasteryBar } from '../../mastery/MasteryBar';

/** Your Mastery: the level's label, the percent and the bar. */
export function MasteryCard({ level }: { level: number }) {
  const lvl = masteryLevel(level);
  const color = MASTERY_COLORS[lvl];
  const pct = levelPercent(level);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mastery-heading" sx={{ p: 2.5 }} data-mastery={lvl}>
      <Typography id="mastery-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Your Mastery
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Chip label={masteryLabel(level)} color={color} size="small" data-testid="mastery-label" />
        <Typography variant="body2" color="text.secondary">
          {pct}%
        </Typography>
      </Stack>
      <MasteryBar percent={pct} label="Topic mastery" level={lvl} />
    </Paper>
  );
}
