import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MasteryRow } from '../../mastery/MasteryBar';
import { levelPercent } from '../../graph/mastery-level';
import { useMastery } from '../../mastery/useMastery';
import { SectionHeading } from './SectionHeading';

export const PROGRESS_ENTRIES_LIMIT = 4;
export const NO_MASTERY_TEXT = 'No mastery data yet. Take a diagnostic or practice to begin tracking.';

/** Learning Progress: the first 4 mastery entries as percent bars, and View Full Report. */
export function LearningProgress() {
  const mastery = useMastery();
  const entries = Object.entries(mastery.data ?? {}).slice(0, PROGRESS_ENTRIES_LIMIT);

  return (
    <Box component="section" aria-labelledby="learning-progress-heading">
      <SectionHeading id="learning-progress-heading">Learning Progress</SectionHeading>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {mastery.isLoading ? (
          <Box aria-busy="true" aria-label="Loading progress">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={28} sx={{ my: 1.5 }} />
            ))}
          </Box>
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{NO_MASTERY_TEXT}</Typography>
        ) : (
          <Stack spacing={2}>
            {entries.map(([skill, score]) => (
              <MasteryRow key={skill} name={skill} percent={levelPercent(score)} />
            ))}
          </Stack>
        )}
        <Button component={RouterLink} to="/mastery" variant="text" sx={{ mt: 2, ml: -1 }}>
          View Full Report
        </Button>
      </Paper>
    </Box>
  );
}
