import { useLayoutEffect, type RefObject } from 'react';

/**
 * Wraps each table of lesson html in a box that scrolls sideways, so a wide table on a phone
 * scrolls inside itself instead of squeezing to one word per line or widening the page. The box
 * is focusable and named so keyboard users can scroll it too.
 */
export function wrapTables(root: HTMLElement) {
  for (const table of root.querySelectorAll('table')) {
    if (table.parentElement?.classList.contains('table-scroll')) continue;
    const box = document.createElement('div');
    box.className = 'table-scroll';
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    const caption = table.querySelector('caption')?.textContent?.trim();
    box.setAttribute('aria-label', caption ? `Table: ${caption}` : 'Table');
    table.replaceWith(box);
    box.appendChild(table);
  }
}

export function useScrollableTables(ref: RefObject<HTMLElement | null>, html: string) {
  useLayoutEffect(() => {
    if (ref.current) wrapTables(ref.current);
  }, [ref, html]);
}
