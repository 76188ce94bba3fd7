import { useId } from 'react';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { Schema } from '@lp/api-types';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';

export const ANALYTICS_KEY = ['studio', 'challenge-analytics'] as const;
export const LOAD_FAILED = 'Could not load the analytics';
export const NO_CHALLENGES = 'No challenges yet.';

/**
 * Studio → Analytics: per challenge, how many learners enrolled and how many certificates were issued.
 * The app bar's refresh button reads it again (react-admin invalidates every query).
 */
export const Analytics = () => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const analytics = useQuery({ queryKey: ANALYTICS_KEY, queryFn: () => dataProvider.analytics(), retry: false });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Analytics" />
      <Typography variant="h5" component="h1">
        Analytics
      </Typography>
      <Box sx={{ mt: 2 }}>
        {analytics.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading analytics" />
          </Box>
        ) : analytics.isError ? (
          <Alert
            severity="error"
            sx={{ overflowWrap: 'anywhere' }}
            action={
              <Button color="inherit" size="small" onClick={() => void analytics.refetch()}>
                Try again
              </Button>
            }
          >
            {`${LOAD_FAILED}: ${apiErrorMessage(analytics.error, 'unknown error')}`}
          </Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <CountList title="Enrollments" counts={analytics.data.enrollments} />
            <CountList title="Certificates" counts={analytics.data.certificates} />
          </Box>
        )}
      </Box>
    </Box>
  );
};

const CountList = ({ title, counts }: { title: string; counts: Schema<'AnalyticsCountResponse'>[] }) => {
  const titleId = useId();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`${total} in all`}
      </Typography>
      {counts.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {NO_CHALLENGES}
        </Typography>
      ) : (
        <List aria-labelledby={titleId} dense>
          {counts.map((c) => (
            <ListItem
              key={c.challengeId}
              divider
              secondaryAction={
                <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {c.count}
                </Typography>
              }
            >
              <ListItemText
                primary={c.challengeId}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
};
