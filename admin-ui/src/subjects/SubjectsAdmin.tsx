import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

import { CourseVisibilitySection } from './CourseVisibilitySection';

/**
 * /studio/subjects. Sections, top to bottom, once all are built:
 * 1. Publish Latest Draft: a subject selector and the graph-published subjects (later issue).
 * 2. Course Visibility (Shop): Publish / Unpublish per subject (built).
 * 3. Crawl & Index Sources: one URL per line and a Crawl button (later issue).
 * Each section is its own component in this folder, rendered here in that order.
 */
export const SubjectsAdmin = () => (
  <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
    <Title title="Subjects Admin" />
    <Typography variant="h4" component="h1" gutterBottom>
      Subjects Admin
    </Typography>
    {/* Publish Latest Draft section goes here (later issue). */}
    <CourseVisibilitySection />
    {/* Crawl & Index Sources section goes here (later issue). */}
  </Box>
);
