import { describe, expect, it } from 'vitest';
import { wrapTables } from './scrollable-tables';

describe('wrapTables', () => {
  it('puts each table in a named, focusable box that scrolls, once', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p>x</p><table><caption>Markers</caption><tr><td>a</td></tr></table><table><tr><td>b</td></tr></table>';
    wrapTables(root);
    wrapTables(root);
    const boxes = root.querySelectorAll('.table-scroll');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toHaveAttribute('tabindex', '0');
    expect(boxes[0]).toHaveAttribute('role', 'region');
    expect(boxes[0]).toHaveAttribute('aria-label', 'Table: Markers');
    expect(boxes[1]).toHaveAttribute('aria-label', 'Table');
    expect(boxes[0].firstElementChild?.tagName).toBe('TABLE');
    expect(root.querySelectorAll('table')).toHaveLength(2);
  });
});
