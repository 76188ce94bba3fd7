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
 * Studio → Analytics: per challenge, how many learners enrolled and how many certificates were issued, and
 * each challenge's funnel (enrolled → day 1 passed → … → certificate).
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
            {analytics.data.funnels.map((f) => (
              <Funnel key={f.challengeId} funnel={f} />
            ))}
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

/** One challenge's funnel: how many learners reached each step, and what share of the enrolled that is. */
const Funnel = ({ funnel }: { funnel: Schema<'AnalyticsFunnelResponse'> }) => {
  const titleId = useId();
  const enrolled = funnel.steps[0]?.count ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {`Funnel: ${funnel.challengeId}`}
      </Typography>
      <Box component="ol" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {funnel.steps.map((s) => {
          const share = enrolled > 0 ? Math.round((s.count / enrolled) * 100) : 0;
          return (
            <Box component="li" key={s.step} sx={{ py: 0.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{s.label}</span>
                <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {enrolled > 0 ? `${s.count} (${share}%)` : s.count}
                </Typography>
              </Box>
              <Box aria-hidden sx={{ height: 6, bgcolor: 'action.hover', borderRadius: 1 }}>
                <Box sx={{ height: 6, width: `${share}%`, bgcolor: 'primary.main', borderRadius: 1 }} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
};
