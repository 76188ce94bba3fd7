import type { Subject } from '../../api';

/** The address's subject may be an id, a name or a title (as the API accepts). */
export function matchesSubject(subject: Subject, wanted: string): boolean {
  if (subject.id === wanted) return true;
  const w = wanted.trim().toLowerCase();
  return subject.name.toLowerCase() === w || subject.title.toLowerCase() === w;
}
