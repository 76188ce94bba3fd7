import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/**
 * The topic page while its call is out, laid out as the page will be: the back link, the module chip, the
 * title, the bookmark and note buttons, the tab bar over the lesson, and beside it (below it on a phone) the
 * mastery card and the tutor. The page replaces it in one render, so nothing on screen moves.
 */
export function TopicSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading topic" data-testid="topic-loading">
      <Skeleton variant="rounded" width={132} height={36} sx={{ mb: 2 }} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Skeleton variant="rounded" width={150} height={24} sx={{ mb: 1, borderRadius: 4 }} />
          <Skeleton variant="text" sx={{ typography: 'h4', maxWidth: 560 }} />
          <Skeleton variant="text" width="45%" />
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Skeleton variant="rounded" width={120} height={36} />
          <Skeleton variant="rounded" width={120} height={36} />
        </Stack>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined">
            <Box sx={{ height: 48, borderBottom: 1, borderColor: 'divider', px: 2, display: 'flex', gap: 3 }}>
              {[72, 72, 68, 52].map((w, i) => (
                <Skeleton key={i} variant="text" width={w} sx={{ alignSelf: 'center' }} />
              ))}
            </Box>
            <Box sx={{ p: { xs: 2.5, sm: 3.5 } }}>
              {[100, 96, 98, 90, 60].map((w, i) => (
                <Skeleton key={i} variant="text" width={`${w}%`} />
              ))}
            </Box>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Skeleton variant="rounded" height={124} />
            <Skeleton variant="rounded" height={150} />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
