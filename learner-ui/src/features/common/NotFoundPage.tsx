import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <Box sx={{ textAlign: 'center', py: { xs: 8, md: 12 } }}>
      <Typography
        aria-hidden
        sx={{ fontSize: { xs: 72, md: 96 }, fontWeight: 800, lineHeight: 1, color: 'primary.light', mb: 2 }}
      >
        404
      </Typography>
      <Typography component="h1" variant="h4" gutterBottom>
        Oops! Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for doesn't exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Return to Home
      </Button>
    </Box>
  );
}
