import { Alert, Chip, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListBase, TextField, useListContext } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { SectionLoading } from '../subjects/SubjectTable';
import { ALL_COURSES, COURSES, courseName, FALLBACK_LOAD_ERROR, SHOP_ORDER, type Course } from './course';
import { VisibilityToggle } from './VisibilityToggle';

export const EMPTY_MESSAGE = 'No subjects yet. Run Studio → Migrate to load the courses.';

// The section shows its own error; react-admin's default error toast would say it twice.
const quiet = () => {};

/**
 * The `courses` resource as an embedded react-admin list: every subject with its shop status and
 * a Publish / Unpublish action, read through the data provider (`GET /api/admin/courses`). It
 * lives inside the Subjects screen, so it keeps its sort out of the URL.
 */
export const CourseVisibilityList = () => (
  <ListBase<Course>
    resource={COURSES}
    sort={SHOP_ORDER}
    perPage={ALL_COURSES}
    disableSyncWithLocation
    queryOptions={{ onError: quiet }}
  >
    <CourseVisibilityView />
  </ListBase>
);

const CourseVisibilityView = () => {
  const { data, error, isPending } = useListContext<Course>();
  if (isPending) return <SectionLoading label="Loading courses" />;
  if (error) {
    return <Alert severity="error">Could not load the courses: {apiErrorMessage(error, FALLBACK_LOAD_ERROR)}</Alert>;
  }
  if (!data?.length) return <Typography color="text.secondary">{EMPTY_MESSAGE}</Typography>;
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} size="small" aria-label="Course visibility">
      <FunctionField<Course> source="title" label="Subject" render={courseName} />
      <TextField source="subjectId" label="ID" sx={{ fontFamily: 'monospace' }} />
      <FunctionField<Course> source="published" label="Status" render={statusChip} />
      <FunctionField<Course> label="Action" textAlign="right" sortable={false} render={() => <VisibilityToggle />} />
    </Datagrid>
  );
};

const statusChip = (course: Course) => (
  <Chip
    size="small"
    label={course.published ? 'Published' : 'Unpublished'}
    color={course.published ? 'success' : 'default'}
    variant={course.published ? 'filled' : 'outlined'}
  />
);
