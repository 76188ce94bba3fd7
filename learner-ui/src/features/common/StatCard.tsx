import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** One figure with its label; the region is named by the label so tests and readers can find it. */
export function StatCard({
  label,
  value,
  loading = false,
}: {
  label: string;
  value: number | string;
  loading?: boolean;
}) {
  const id = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper variant="outlined" role="group" aria-labelledby={id} sx={{ p: 2.5, height: '100%' }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid={`${id}-value`}>
        {loading ? <Skeleton width={40} /> : value}
      </Typography>
      <Typography id={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}
