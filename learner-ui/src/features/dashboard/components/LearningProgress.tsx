import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { masteryPercent, useMastery } from '../../mastery/useMastery';
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
            {entries.map(([skill, score]) => {
              const pct = masteryPercent(score);
              return (
                <Box key={skill}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, gap: 2 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {skill}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {pct}%
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={pct}
                    aria-label={skill}
                    sx={{ height: 8, borderRadius: 4 }}
                  />
                </Box>
              );
            })}
          </Stack>
        )}
        <Button component={RouterLink} to="/mastery" variant="text" sx={{ mt: 2, ml: -1 }}>
          View Full Report
        </Button>
      </Paper>
    </Box>
  );
}
