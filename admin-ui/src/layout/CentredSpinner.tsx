import { Box, CircularProgress } from '@mui/material';

/** Shown while the session is checked and while the browser leaves for another page. */
export const CentredSpinner = () => (
  <Box
    role="status"
    aria-label="Loading Studio"
    sx={{
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      height: '100%',
      minHeight: '100vh',
    }}
  >
    <CircularProgress />
  </Box>
);
