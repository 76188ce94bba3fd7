import { createContext, useContext, useEffect } from 'react';
import { documentTitle } from './page-titles';

/**
 * Lets a page name itself more precisely than its route (a topic's or a challenge's title).
 * Null outside the site's layout (a page rendered on its own), where the page sets the title itself.
 */
export const PageTitleContext = createContext<((title: string | null) => void) | null>(null);

/**
 * Names the current page in the document title: 'Anatomy · Vagus Nerve · LearnPath'. Pages without
 * a call keep their route's name. Pass null (still loading) to keep the route's name for now.
 */
export function usePageTitle(title: string | null | undefined) {
  const setTitle = useContext(PageTitleContext);
  const name = title?.trim() ? title.trim() : null;
  useEffect(() => {
    if (setTitle) setTitle(name);
    else if (name) document.title = documentTitle(name);
  }, [setTitle, name]);
}
