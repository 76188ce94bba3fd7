import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { documentTitle, routeTitle } from './page-titles';

/**
 * Keeps document.title in step with the route: the page's own name when it gave one through
 * usePageTitle, else the route's; the chosen course's name; the site's name.
 * Returns the setter that PageTitleContext hands to pages.
 */
export function useDocumentTitle() {
  const location = useLocation();
  const [named, setNamed] = useState<{ key: string; title: string } | null>(null);
  const setTitle = useCallback(
    (title: string | null) => setNamed(title ? { key: location.key, title } : null),
    [location.key],
  );

  const subjectId = new URLSearchParams(location.search).get('subject');
  const subjects = usePublishedSubjects();
  const subjectName = subjectId ? (subjects.data?.find((s) => s.id === subjectId)?.name ?? null) : null;
  const page = named?.key === location.key ? named.title : routeTitle(location.pathname, location.search);

  useEffect(() => {
    document.title = documentTitle(page, subjectName);
  }, [page, subjectName]);

  return setTitle;
}
