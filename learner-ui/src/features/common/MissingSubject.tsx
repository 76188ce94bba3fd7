import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';

/** Shown where a page needs ?subject= and the address has none. */
export function MissingSubject() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <HelpOutlineIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        Missing subject
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Open an assessment from a course's learning graph.
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Go to Dashboard
      </Button>
    </Paper>
  );
}
