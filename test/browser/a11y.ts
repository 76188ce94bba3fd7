import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 A and AA, as issue #17 asks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  state: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it is and returns the serious and critical violations, one per rule. */
export async function seriousViolations(page: Page, state: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
    }));
}

/**
 * Collects findings over a walk through several states, then fails once with all of them, so a
 * single run names every page that needs work rather than only the first.
 */
export class AxeWalk {
  private readonly findings: Finding[] = [];
  private readonly scanned: string[] = [];

  constructor(private readonly page: Page) {}

  async scan(state: string) {
    // Let MUI transitions (dialogs, toasts, ripples) finish: half-faded text is measured wrongly.
    await this.page.waitForTimeout(400);
    this.scanned.push(state);
    const found = await seriousViolations(this.page, state);
    this.findings.push(...found);
    // One line per state in the run's output: the per-route record issue #17 asks for.
    console.log(
      `axe ${state}: ${found.length ? found.map((f) => `${f.rule} at ${f.targets.join(' | ')}`).join('; ') : 'clean'}`,
    );
  }

  report(): string {
    return this.findings
      .map((f) => `${f.state}: ${f.rule} (${f.impact}) at ${f.targets.join(' | ')}\n    ${f.summary}`)
      .join('\n');
  }

  expectClean() {
    expect(this.scanned.length).toBeGreaterThan(0);
    expect(this.findings, `serious or critical axe violations:\n${this.report()}`).toEqual([]);
  }
}

/** Fails when the document is wider than the viewport (a phone user would scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, state: string) {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 2).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: wide };
  });
  expect(
    scrollWidth,
    `${state} scrolls sideways at ${innerWidth}px; too wide: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}
