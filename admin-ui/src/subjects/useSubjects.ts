import { useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

import { apiErrorMessage, fetchCourses, FALLBACK_LOAD_ERROR, type CourseVisibility } from './coursesApi';

export type SubjectsLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; subjects: CourseVisibility[] };

/** The subjects (`GET /api/admin/courses`), loaded once, for the Publish and Crawl sections. */
export const useSubjects = (): SubjectsLoad => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);
  const [load, setLoad] = useState<SubjectsLoad>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    fetchCourses().then(
      subjects => {
        if (active) setLoad({ state: 'loaded', subjects });
      },
      async error => {
        if (!active || (await logoutRef.current(error))) return;
        if (active) setLoad({ state: 'error', message: apiErrorMessage(error, FALLBACK_LOAD_ERROR) });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return load;
};
