import { type Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signIn } from './support';

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
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await page.goto('/login');
  await signIn(page, 'studio@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await check(page, '/node/vn-anatomy?subject=vagus-nerve&preview=overlay');
  await expect(page.getByRole('heading', { name: 'Draft preview' })).toBeVisible();
  await expect(page.getByTestId('graph-card-preview')).toBeVisible();
});
