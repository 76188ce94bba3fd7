import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useAuth } from '../auth/auth-context';
import { withSubject } from '../layout/nav-links';

/**
 * Placeholder for routes whose feature arrives in a later issue. Swap the route's element in
 * App.tsx for the real page when it lands.
 */
export function ComingSoonPage({ title }: { title: string }) {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const subject = params.get('subject');
  const home = isAuthenticated ? withSubject('/dashboard', subject) : '/';

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
        <Typography component="h1" variant="h4" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Coming soon. We're putting the finishing touches on this part of LearnPath.
        </Typography>
        <Button component={RouterLink} to={home} variant="outlined">
          {isAuthenticated ? 'Back to Dashboard' : 'Back to Home'}
        </Button>
      </Paper>
    </Box>
  );
}
