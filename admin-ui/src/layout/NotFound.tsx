import { useEffect } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { LinkBase, Title, useBasename, useLocation } from 'react-admin';

export const NotFound = () => {
  const basename = useBasename();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(`404: no Studio page at ${pathname}`);
  }, [pathname]);
  return (
    <Box sx={{ mt: 6, textAlign: 'center' }}>
      <Title title="Page not found" />
      <Typography variant="h4" component="h1" gutterBottom>
        Oops! Page not found
      </Typography>
      <Button component={LinkBase} to={`${basename}/`} variant="contained">
        Back to Studio
      </Button>
    </Box>
  );
};
