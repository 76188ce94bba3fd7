import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to settle on its heading (data still loading) before we stop watching. */
const WAIT_FOR_HEADING_MS = 5000;

/** Focuses the main heading (making it focusable with tabindex -1), or the main region without one. */
export function focusPageStart(main: HTMLElement, fallbackToMain = true): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? (fallbackToMain ? main : null);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  return true;
}

/**
 * After a move to another page, focus goes to its h1 so a screen reader starts reading there and
 * the next Tab continues in the page, not in the navigation. The first load leaves focus alone
 * (the skip link is the first Tab stop), and so do changes of the query string only (choosing a
 * subject). A page that focuses a field of its own (a sign-in form) keeps that focus.
 */
export function useFocusHeadingOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = mainRef.current;
    if (!main) return;

    // Until the page settles (data loading, a spinner replaced by the page), keep the heading
    // focused: if the focused heading is replaced, focus its successor. The user's own first key
    // press or click ends this, so focus is never taken from where they put it.
    let placed: HTMLElement | null = null;
    const place = () => {
      const active = document.activeElement;
      if (placed && placed.isConnected && active === placed) return;
      if (!placed && active && active !== document.body && main.contains(active)) return stop();
      if (placed && active && active !== document.body && active !== placed) return stop();
      if (focusPageStart(main, false)) placed = document.activeElement as HTMLElement;
    };
    const observer = new MutationObserver(place);
    const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    observer.observe(main, { childList: true, subtree: true });
    place();
    return stop;
  }, [pathname, mainRef]);
}
