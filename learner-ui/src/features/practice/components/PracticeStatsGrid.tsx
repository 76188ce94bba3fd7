import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { errorMessage } from '../../../api';
import { StatCard } from '../../common/StatCard';
import { formatAccuracy, type usePracticeStats } from '../hooks';

/** Cards Due, Completed Today, Accuracy and Streak, with a warning when they could not be loaded. */
export function PracticeStatsGrid({ stats }: { stats: ReturnType<typeof usePracticeStats> }) {
  const s = stats.data;
  return (
    <>
      {stats.isError && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {errorMessage(stats.error, 'Practice statistics could not be loaded.')}
        </Alert>
      )}

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Cards Due" value={s?.due ?? 0} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Completed Today" value={s?.completedToday ?? 0} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Accuracy" value={formatAccuracy(s?.accuracy)} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard
            label="Streak"
            value={s ? `${s.streak} ${s.streak === 1 ? 'day' : 'days'}` : '0 days'}
            loading={stats.isLoading}
          />
        </Grid>
      </Grid>
    </>
  );
}
