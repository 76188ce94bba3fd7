import { type Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signInByApi } from './support';

/** Issue #17: the main learner pages on a 375 px phone do not scroll sideways. */
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

async function check(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalOverflow(page, path);
}

test('375 px: public pages', async ({ page }) => {
  for (const path of [
    '/',
    '/shop',
    '/login',
    '/register',
    '/preview?subject=vagus-nerve',
    '/preview/node/vn-anatomy?subject=vagus-nerve',
    '/lectures?subject=vagus-nerve',
  ])
    await check(page, path);
});

test('375 px: a lesson table scrolls inside its own box, which the keyboard can reach', async ({ page }) => {
  // A free sample lesson with a two-column table of markers.
  await check(page, '/preview/node/met-metabolic-health-basics?subject=metabolic');
  const table = page.locator('.lesson-html table').first();
  await expect(table).toBeVisible();
  const box = page.locator('.lesson-html .table-scroll').first();
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveAttribute('role', 'region');
  await expect(box).toHaveCSS('overflow-x', 'auto');
  // Words are not squeezed one per line: each cell keeps a readable width.
  const narrowest = await table
    .locator('td, th')
    .evaluateAll((cells) => Math.min(...cells.map((c) => c.getBoundingClientRect().width)));
  expect(narrowest).toBeGreaterThanOrEqual(60);
});

test('375 px: learner pages', async ({ page }) => {
  test.setTimeout(120_000);
  await learnerWhoOwnsVagus(page);
  for (const path of [
    '/node/vn-anatomy?subject=vagus-nerve',
    '/practice?subject=vagus-nerve',
    '/notes?subject=vagus-nerve',
    '/bookmarks?subject=vagus-nerve',
    '/mastery',
    '/challenges',
    '/challenge/vagus-breath-7',
    '/challenge/vagus-breath-7/day/1',
  ])
    await check(page, path);
});

/** The dashboard, the graph and the one-question-at-a-time quiz at phone width. */
test('375 px: dashboard, graph and quiz', async ({ page }) => {
  await learnerWhoOwnsVagus(page);
  for (const path of ['/dashboard', '/graph?subject=vagus-nerve', '/quiz?subject=vagus-nerve&kind=diag'])
    await check(page, path);
});

test('375 px: the Studio screens staff use on a phone', async ({ page }) => {
  await signInByApi(page, 'admin@example.com');
  for (const path of [
    '/studio',
    '/studio/review',
    '/studio/jobs',
    '/studio/users',
    '/studio/versions?subject=vagus-nerve',
    '/studio/editor/vn-gut-brain?subject=vagus-nerve',
  ])
    await check(page, path);
});

test('375 px: the draft preview of a topic (studio)', async ({ page }) => {
  await signInByApi(page, 'studio@example.com');
  await check(page, '/node/vn-anatomy?subject=vagus-nerve&preview=overlay');
  await expect(page.getByRole('heading', { name: 'Draft preview' })).toBeVisible();
  await expect(page.getByTestId('graph-card-preview')).toBeVisible();
});

/**
 * Issue 26 §10: the footer does not jump as the dashboard's content arrives. It used to sit at the bottom of the
 * first screen and move down as the sections grew past their spinner and skeletons (a layout shift of about 0.11
 * in Lighthouse). Its top is sampled on every frame, from the first that shows it until the network is idle: it
 * starts below the first screen and stays there, so on screen nothing moves. (Its place in the whole document
 * does change: the dashboard is taller than a phone's screen, so the footer ends lower than where it started.)
 */
test('375 px: the footer stays below the first screen while the dashboard loads', async ({ page }) => {
  await signInByApi(page, 'learner@example.com');

  await page.addInitScript(() => {
    const w = window as unknown as { __footerTops: number[]; __stopFooter?: boolean };
    w.__footerTops = [];
    const tick = () => {
      const footer = document.querySelector('footer');
      if (footer) w.__footerTops.push(Math.round(footer.getBoundingClientRect().top));
      if (!w.__stopFooter) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { tops, screen } = await page.evaluate(() => {
    const w = window as unknown as { __footerTops: number[]; __stopFooter?: boolean };
    w.__stopFooter = true;
    return { tops: w.__footerTops, screen: window.innerHeight };
  });
  expect(tops.length, 'frames sampled with the footer on the page').toBeGreaterThan(1);
  // the footer's top on screen, clamped to the screen's bottom edge: the same on every frame
  const onScreen = tops.map((top) => Math.min(top, screen));
  expect([...new Set(onScreen)], `the footer's top frame by frame (screen ${screen} px): ${tops.join(', ')}`).toEqual([
    screen,
  ]);
});
