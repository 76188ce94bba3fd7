import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { resources } from '../screens';
import { STUDIO_BASE } from '../providers/authProvider';

const SITE = 'LearnPath';

/** 'Versions · Studio · LearnPath': the screen under /studio, then the console, then the site. */
export function studioDocumentTitle(pathname: string): string {
  const rest = pathname.startsWith(STUDIO_BASE) ? pathname.slice(STUDIO_BASE.length) : pathname;
  const name = rest.split('/').filter(Boolean)[0];
  if (!name) return `Hub · Studio · ${SITE}`;
  const screen = resources.find((r) => r.name === name);
  return `${screen?.label ?? 'Page Not Found'} · Studio · ${SITE}`;
}

/** Keeps document.title in step with the Studio route (every screen used to share one title). */
export const StudioDocumentTitle = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = studioDocumentTitle(pathname);
  }, [pathname]);
  return null;
};
