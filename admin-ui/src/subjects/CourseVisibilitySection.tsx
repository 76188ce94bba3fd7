import { Card, CardContent, Typography } from '@mui/material';

import { CourseVisibilityList } from '../courses/CourseVisibilityList';

/** Course Visibility (Shop): Publish / Unpublish per subject, the `courses` resource's list. */
export const CourseVisibilitySection = () => (
  <Card variant="outlined" component="section" aria-labelledby="course-visibility-heading" sx={{ mb: 3 }}>
    <CardContent>
      <Typography id="course-visibility-heading" variant="h6" component="h2" gutterBottom>
        Course Visibility (Shop)
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An unpublished course disappears from the shop and the preview; people who already bought it keep their access.
      </Typography>
      <CourseVisibilityList />
    </CardContent>
  </Card>
);
