import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

import { CourseVisibilitySection } from './CourseVisibilitySection';
import { CrawlSection } from './CrawlSection';
import { PublishDraftSection } from './PublishDraftSection';
import { useCourses } from '../courses/course';
import { CourseOutline } from '../outline/CourseOutline';

/**
 * /studio/subjects. Sections, top to bottom:
 * 1. Publish Latest Draft: the subjects, each with a Publish Latest Draft action.
 * 2. Course Visibility (Shop): Publish / Unpublish per subject (the `courses` resource's list).
 * 3. Crawl & Index Sources: a subject, one URL per line and a Crawl button.
 * 4. Course Outline: one course's modules and topics (add, move, reorder, retire; each opens in the editor).
 * Each section is its own component in this folder, rendered here in that order.
 */
export const SubjectsAdmin = () => {
  const subjects = useCourses();
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
      <Title title="Subjects Admin" />
      <Typography variant="h4" component="h1" gutterBottom>
        Subjects Admin
      </Typography>
      <PublishDraftSection load={subjects} />
      <CourseVisibilitySection />
      <CrawlSection load={subjects} />
      <CourseOutline />
    </Box>
  );
};
