import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { TopicCardSkeleton } from './TopicCard';

/**
 * The graph page below its header while its calls are out: the challenges panel (on the vagus course), Ready
 * to learn, the view switch, the three figures, the search field, the category chips and the first cards, each
 * a placeholder of about its size. GraphPage swaps all of it for the content in one render, so nothing that
 * was on screen moves as the calls come back one by one.
 */
export function GraphSkeleton({ challenges }: { challenges: boolean }) {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading topics" data-testid="graph-loading">
      {challenges && <Skeleton variant="rounded" height={104} sx={{ mb: 3 }} />}
      <Skeleton variant="rounded" height={168} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" width={176} height={38} sx={{ mb: 2 }} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 4 }}>
            <Skeleton variant="rounded" height={100} />
          </Grid>
        ))}
      </Grid>
      <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
      <Stack direction="row" spacing={1} sx={{ mb: 3 }}>
        {[88, 160, 120].map((w) => (
          <Skeleton key={w} variant="rounded" width={w} height={32} sx={{ borderRadius: 4 }} />
        ))}
      </Stack>
      <Grid container spacing={3}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
            <TopicCardSkeleton />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
