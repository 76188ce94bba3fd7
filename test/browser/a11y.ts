import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 A and AA, as issue #17 asks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  state: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe on the page as it is and returns the serious and critical violations, one per rule. In the page itself
 * (axe.run, "legacy mode"): the default runs axe per frame and merges the results in a new blank page it opens,
 * injects axe into and closes on every scan, a second or more each on a busy machine. Our pages have no
 * cross-origin frames (the CSP allows none), the one case that needs it; same-origin frames are still scanned.
 */
export async function seriousViolations(page: Page, state: string): Promise<Finding[]> {
  // Every rule still runs; only the violations are written out node by node (axe otherwise serialises every
  // passing node of every rule, most of a scan's time on a long page).
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
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
 * Counts the page's requests in flight from now on. `idle()` resolves once none has been open for `quietMs` (an
 * event stream, which stays open, is not counted), or after `timeoutMs` at most. Playwright's 'networkidle' waits a
 * fixed 500 ms of silence after the last answer on every visit; the data behind a page is in once its calls have
 * answered.
 */
export function requestsInFlight(page: Page) {
  const open = new Set<Request>();
  let last = Date.now();
  const started = (r: Request) => {
    if (r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket') open.add(r);
  };
  const ended = (r: Request) => {
    if (open.delete(r)) last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async idle(quietMs = 150, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (open.size > 0 || Date.now() - last < quietMs))
        await new Promise((r) => setTimeout(r, 25));
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Waits until the page's transitions and animations (MUI dialogs, toasts, ripples) have finished: half-faded text
 * is measured wrongly. Two frames first, so a transition whose state was just set has started; endless animations
 * (spinners, the focus ripple's pulse) never finish and are not waited for.
 */
export async function settled(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      await page.evaluate(
        () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      );
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      );
      return;
    } catch (err) {
      // The page navigated on its own meanwhile (a redirect it makes once it has checked the session): settle the
      // document it went to, a few times at most.
      if (attempt < 10 && /Execution context was destroyed|navigat/i.test(String(err))) continue;
      throw err;
    }
  }
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
    await settled(this.page);
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

/**
 * Fails when the document is wider than the viewport (a phone user would scroll sideways). Checked until it holds
 * for up to 5 s: right after a resize the page has not re-rendered for its new width yet (the bar's media query
 * still shows the wide layout), and a page that never fits still fails.
 */
export async function expectNoHorizontalOverflow(page: Page, state: string) {
  await expect(() => fitsWidth(page, state)).toPass({ timeout: 5_000 });
}

async function fitsWidth(page: Page, state: string) {
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
