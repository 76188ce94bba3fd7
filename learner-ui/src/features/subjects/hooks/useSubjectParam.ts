import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The chosen subject lives in the address as ?subject= so links and reloads keep it. */
export function useSubjectParam(): [string | null, (subject: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject') || null;
  const setSubject = useCallback(
    (next: string | null) => {
      setParams((prev) => {
        const updated = new URLSearchParams(prev);
        if (next) updated.set('subject', next);
        else updated.delete('subject');
        return updated;
      });
    },
    [setParams],
  );
  return [subject, setSubject];
}
