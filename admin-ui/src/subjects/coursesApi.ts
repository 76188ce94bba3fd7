import { HttpError } from 'react-admin';

import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

export const COURSES_URL = `${ADMIN_API_URL}/courses`;
export const COURSE_PUBLISH_URL = `${ADMIN_API_URL}/courses/publish`;

/** One subject's shop visibility, as listed by `GET /api/admin/courses`. */
export interface CourseVisibility {
  subjectId: string;
  title: string;
  published: boolean;
}

export const FALLBACK_LOAD_ERROR = 'Failed to load courses';

const isCourse = (value: unknown): value is CourseVisibility => {
  const course = value as Partial<CourseVisibility> | null;
  return (
    typeof course === 'object' &&
    course !== null &&
    typeof course.subjectId === 'string' &&
    typeof course.published === 'boolean'
  );
};

/** Every subject with its shop visibility, through the shared authenticated httpClient. */
export const fetchCourses = async (): Promise<CourseVisibility[]> => {
  const { json } = await httpClient(COURSES_URL);
  const courses = (json as { courses?: unknown } | undefined)?.courses;
  if (!Array.isArray(courses)) throw new Error('Unexpected answer from the courses endpoint');
  return courses.filter(isCourse).map(course => ({
    subjectId: course.subjectId,
    title: typeof course.title === 'string' && course.title.trim() ? course.title : course.subjectId,
    published: course.published,
  }));
};

/**
 * Publishes or unpublishes one subject in the shop; resolves with the visibility the server
 * stored (its answer `{ subjectId, published }`, or the requested one if the answer lacks it).
 */
export const setCoursePublished = async (subjectId: string, published: boolean): Promise<boolean> => {
  const { json } = await httpClient(COURSE_PUBLISH_URL, {
    method: 'POST',
    body: JSON.stringify({ subjectId, published }),
  });
  const stored = (json as { published?: unknown } | undefined)?.published;
  return typeof stored === 'boolean' ? stored : published;
};

/** The `message` of a `{ statusCode, error, message }` error body, else the error's own text, else `fallback`. */
export const apiErrorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length && message.every(m => typeof m === 'string')) {
      return message.join('; ');
    }
  }
  // HttpError's own message is the status text when the body had none; a network failure's is
  // the browser's text.
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
};
