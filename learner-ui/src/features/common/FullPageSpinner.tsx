import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', width: '100%' }}
      data-testid="page-spinner"
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
