import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';

/** Shown where a page needs a subject and none is chosen. */
export function ChooseSubjectPrompt({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <SchoolOutlinedIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Choose a subject with the subject selector above, or find a course in the shop.
      </Typography>
      <Button component={RouterLink} to="/shop" variant="contained">
        Browse Courses
      </Button>
    </Paper>
  );
}
