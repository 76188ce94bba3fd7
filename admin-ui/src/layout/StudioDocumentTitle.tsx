import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { resources } from '../screens';
import { STUDIO_BASE } from '../providers/authProvider';

import { PRODUCT_NAME } from '@lp/shared/product';

const SITE = PRODUCT_NAME;

/** 'Versions · Studio · LearnPath': the screen under /studio, then the console, then the site. */
export function studioDocumentTitle(pathname: string): string {
  const rest = pathname.startsWith(STUDIO_BASE) ? pathname.slice(STUDIO_BASE.length) : pathname;
  const name = rest.split('/').filter(Boolean)[0];
  if (!name) return `Hub · Studio · ${SITE}`;
  const screen = resources.find((r) => r.name === name);
  return `${screen?.label ?? 'Page Not Found'} · Studio · ${SITE}`;
}

/**
 * Keeps document.title in step with the Studio route (every screen used to share one title), and after
 * a move to another screen puts the focus on its h1, so a screen reader starts there and Tab continues
 * in the screen rather than in the menu. The first load and a user who already focused something in
 * the screen are left alone; a screen still loading gets up to 5 s to show its heading.
 */
export const StudioDocumentTitle = () => {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    document.title = studioDocumentTitle(pathname);
    if (previous.current === pathname) return;
    previous.current = pathname;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const main = document.querySelector<HTMLElement>('#main-content') ?? document.querySelector<HTMLElement>('main');
      const active = document.activeElement;
      const heading = main?.querySelector<HTMLElement>('h1');
      if (main && active && active !== document.body && main.contains(active)) return window.clearInterval(timer);
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return window.clearInterval(timer);
      }
      if (Date.now() - started > 5000) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname]);
  return null;
};
