import { useRef } from 'react';
import { Button, CircularProgress } from '@mui/material';
import { useRecordContext, useUpdate } from 'react-admin';

import { COURSES, type Course } from './course';

/**
 * Publish / Unpublish for the course of the current row: `PUT /api/admin/courses/:id` through the
 * data provider. Pessimistic, so the row flips only once the server has accepted the change; a
 * failed toggle is silent (logged, no toast) and changes nothing. Only this row's button is
 * disabled while its call runs.
 */
export const VisibilityToggle = () => {
  const course = useRecordContext<Course>();
  const [update, { isPending }] = useUpdate<Course>();
  // Refuses a second click that lands before the disabled state has rendered.
  const inFlight = useRef(false);
  if (!course) return null;

  const toggle = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const { id } = course;
    void update(
      COURSES,
      { id, data: { published: !course.published }, previousData: course },
      {
        mutationMode: 'pessimistic',
        // Silent by design: no toast, the row keeps its state (a 401 still signs out, in the data provider's hooks).
        onError: (error) => console.error(`Course visibility toggle failed for ${id}`, error),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Button
      size="small"
      variant={course.published ? 'outlined' : 'contained'}
      onClick={toggle}
      disabled={isPending}
      startIcon={isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
    >
      {course.published ? 'Unpublish' : 'Publish'}
    </Button>
  );
};
