import type { Schema } from '@lp/api-types';
import { useGetList, type SortPayload } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';

/** One subject's shop visibility: a record of the `courses` resource (`/api/admin/courses`). */
export type Course = Schema<'CourseResponse'>;

export const COURSES = 'courses';

/** The shop's order (featured course first), as the server sorts `position`. */
export const SHOP_ORDER: SortPayload = { field: 'position', order: 'ASC' };

/** The server's largest page: a platform has a handful of subjects, so one page holds them all. */
export const ALL_COURSES = 100;

export const FALLBACK_LOAD_ERROR = 'Failed to load courses';

/** A course's display name: its title, or its id when the title is blank. */
export const courseName = (course: Pick<Course, 'subjectId' | 'title'>) => course.title.trim() || course.subjectId;

export type CoursesLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; courses: Course[] };

/**
 * Every course in the shop's order, through the data provider (so the Subjects screen's sections
 * and the subject selectors share one cached `GET /api/admin/courses`).
 */
export const useCourses = (): CoursesLoad => {
  const { data, error, isPending } = useGetList<Course>(COURSES, {
    pagination: { page: 1, perPage: ALL_COURSES },
    sort: SHOP_ORDER,
  });
  if (error) return { state: 'error', message: apiErrorMessage(error, FALLBACK_LOAD_ERROR) };
  if (isPending || !data) return { state: 'loading' };
  return { state: 'loaded', courses: data };
};
