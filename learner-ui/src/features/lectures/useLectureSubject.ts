import { useCallback, useEffect } from 'react';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';

/** The course the public Lectures page opens on when none is named or remembered (the spec's §9 default). */
export const DEFAULT_LECTURES_SUBJECT = 'metabolic';

/** Where the last lectures subject is remembered (spec §9). */
export const LECTURES_SUBJECT_KEY = 'lp-lectures-subject';

function remembered(): string | null {
  try {
    return window.localStorage.getItem(LECTURES_SUBJECT_KEY) || null;
  } catch {
    return null;
  }
}

function remember(subject: string): void {
  try {
    window.localStorage.setItem(LECTURES_SUBJECT_KEY, subject);
  } catch {
    // storage full or disabled: the address still holds the choice
  }
}

/**
 * The lectures subject: ?subject= when the address names one, else the last one chosen here
 * (local storage), else the Lectures page's own default. Choosing one writes both.
 */
export function useLectureSubject(): [string, (subject: string) => void] {
  const [param, setParam] = useSubjectParam();
  const subject = param ?? remembered() ?? DEFAULT_LECTURES_SUBJECT;
  useEffect(() => {
    if (param) remember(param);
  }, [param]);
  const choose = useCallback(
    (next: string) => {
      remember(next);
      setParam(next);
    },
    [setParam],
  );
  return [subject, choose];
}
