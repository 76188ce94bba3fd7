import StorefrontIcon from '@mui/icons-material/Storefront';

import type { StudioScreen } from '../layout/studioScreen';

/**
 * The `courses` resource (`/api/admin/courses`): each subject's visibility in the shop. It has no
 * page of its own; the Subjects screen embeds its list (CourseVisibilityList).
 */
const courses = {
  name: 'courses',
  label: 'Courses',
  description: 'Which courses the shop shows.',
  icon: StorefrontIcon,
  recordRepresentation: 'title',
} satisfies StudioScreen;

export default courses;
