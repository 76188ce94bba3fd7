import { Alert, Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LinkBase, Title, useBasename } from 'react-admin';

/** The one placeholder for every Studio screen that is not built yet. */
export const ComingSoon = ({ title }: { title: string }) => {
  const basename = useBasename();
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        This screen arrives with a later release.
      </Alert>
      <Button component={LinkBase} to={`${basename}/`} startIcon={<ArrowBackIcon />}>
        Back to Studio
      </Button>
    </Box>
  );
};
