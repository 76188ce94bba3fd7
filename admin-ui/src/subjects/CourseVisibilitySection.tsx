import { useEffect, useRef, useState } from 'react';
import { Alert, Card, CardContent, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useLogoutIfAccessDenied } from 'react-admin';

import {
  apiErrorMessage,
  fetchCourses,
  FALLBACK_LOAD_ERROR,
  setCoursePublished,
  type CourseVisibility,
} from './coursesApi';
import { ActionCell, SectionLoading, SubjectCells, SubjectTable, usePendingSubjects } from './SubjectTable';

export const EMPTY_MESSAGE = 'No subjects yet. Run Studio → Migrate to load the courses.';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; courses: CourseVisibility[] };

/**
 * Course Visibility (Shop): Publish / Unpublish per subject. A row's state flips only once the
 * server has accepted the change; a failed toggle is silent (logged, no toast) and changes nothing.
 */
export const CourseVisibilitySection = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // The hook's callback may change identity between renders; the list loads once on mount.
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const { pending, begin, end } = usePendingSubjects();

  useEffect(() => {
    let active = true;
    fetchCourses().then(
      courses => {
        if (active) setLoad({ state: 'loaded', courses });
      },
      async error => {
        // A 401 that survived the token renewal signs the user out.
        if (!active || (await logoutRef.current(error))) return;
        if (active) setLoad({ state: 'error', message: apiErrorMessage(error, FALLBACK_LOAD_ERROR) });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const toggle = async (course: CourseVisibility) => {
    const { subjectId } = course;
    if (!begin(subjectId)) return;
    try {
      const published = await setCoursePublished(subjectId, !course.published);
      setLoad(current =>
        current.state === 'loaded'
          ? {
              state: 'loaded',
              courses: current.courses.map(c => (c.subjectId === subjectId ? { ...c, published } : c)),
            }
          : current,
      );
    } catch (error) {
      // Silent by design: no toast, the row keeps its state. A lost session still signs out.
      console.error(`Course visibility toggle failed for ${subjectId}`, error);
      await logoutRef.current(error);
    } finally {
      end(subjectId);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="course-visibility-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="course-visibility-heading" variant="h6" component="h2" gutterBottom>
          Course Visibility (Shop)
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          An unpublished course disappears from the shop and the preview; people who already bought it
          keep their access.
        </Typography>

        {load.state === 'loading' && (
          <SectionLoading label="Loading courses" />
        )}

        {load.state === 'error' && <Alert severity="error">Could not load the courses: {load.message}</Alert>}

        {load.state === 'loaded' && load.courses.length === 0 && (
          <Typography color="text.secondary">{EMPTY_MESSAGE}</Typography>
        )}

        {load.state === 'loaded' && load.courses.length > 0 && (
          <SubjectTable ariaLabel="Course visibility" extraColumns={['Status']}>
            {load.courses.map(course => (
              <CourseRow
                key={course.subjectId}
                course={course}
                running={pending.has(course.subjectId)}
                onToggle={toggle}
              />
            ))}
          </SubjectTable>
        )}
      </CardContent>
    </Card>
  );
};

const CourseRow = ({
  course,
  running,
  onToggle,
}: {
  course: CourseVisibility;
  running: boolean;
  onToggle: (course: CourseVisibility) => void;
}) => (
  <TableRow>
    <SubjectCells title={course.title} subjectId={course.subjectId} />
    <TableCell>
      <Chip
        size="small"
        label={course.published ? 'Published' : 'Unpublished'}
        color={course.published ? 'success' : 'default'}
        variant={course.published ? 'filled' : 'outlined'}
      />
    </TableCell>
    <ActionCell running={running} variant={course.published ? 'outlined' : 'contained'} onClick={() => onToggle(course)}>
      {course.published ? 'Unpublish' : 'Publish'}
    </ActionCell>
  </TableRow>
);
