import { useCallback } from 'react';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';

/** A course's name by its id (the header's names), falling back to the id while the list loads. */
export function useCourseNames(): (subjectId: string) => string {
  const subjects = usePublishedSubjects();
  return useCallback(
    (subjectId: string) => subjects.data?.find((s) => s.id === subjectId)?.name ?? subjectId,
    [subjects.data],
  );
}
