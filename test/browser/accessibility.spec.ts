import { type Page } from '@playwright/test';
import { AxeWalk } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signIn } from './support';

/**
 * Issue #17: every route of the spec's route table (signed out, learner, studio, admin) and the
 * states that matter have no serious or critical axe violation (WCAG 2.0/2.1/2.2 A and AA).
 * The quiz, graph and dashboard pages are checked in their own test below.
 */

const NODE = 'vn-anatomy';
const CID = 'vagus-breath-7';

/** Visits a path and waits for its page heading and for the data behind it. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('axe: the public pages, the sign-in error and the 404 page', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  for (const path of ['/', '/login', '/register', '/request-reset', '/no/such/page']) {
    await visit(page, path);
    await axe.scan(path);
  }

  await page.goto('/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve');
  await expect(page).toHaveURL(/\/login/);
  await axe.scan('/checkout/start (signed out: the sign-in page)');

  await visit(page, '/login');
  await signIn(page, 'learner@example.com', 'not-the-password');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByTestId('toast')).toBeVisible();
  await axe.scan('/login with a failed sign-in (alert and toast)');

  axe.expectClean();
});

test('axe: the shop, the free preview and the lectures, signed out', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  for (const path of [
    '/shop',
    '/shop?subject=vagus-nerve',
    '/preview?subject=vagus-nerve',
    `/preview/node/${NODE}?subject=vagus-nerve`,
    '/preview/node/met-metabolic-health-basics?subject=metabolic',
    '/lectures?subject=vagus-nerve',
  ]) {
    await visit(page, path);
    await axe.scan(path);
  }
  axe.expectClean();
});

test('axe: a learner without content (empty states)', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await signInAs(page, 'learner@example.com');
  for (const path of ['/notes', '/bookmarks', '/mastery', '/practice', '/challenges']) {
    await visit(page, path);
    await axe.scan(`${path} (empty, no course)`);
  }

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await axe.scan('account menu open');
  await page.keyboard.press('Escape');
  axe.expectClean();
});

test('axe: a learner with a course (lists, practice, challenges, lectures)', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await learnerWhoOwnsVagus(page);
  await page.goto('/checkout/start?subject=metabolic&priceId=price_metabolic');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await axe.scan('/checkout/start (signed in)');

  for (const path of [
    '/notes?subject=vagus-nerve',
    '/bookmarks?subject=vagus-nerve',
    '/mastery',
    '/practice?subject=vagus-nerve',
    '/challenges?subject=vagus-nerve',
    `/challenge/${CID}`,
    '/lectures?subject=vagus-nerve',
  ]) {
    await visit(page, path);
    await axe.scan(path);
  }
  axe.expectClean();
});

test('axe: a topic, bookmarking, the note panel and toast, notes, a challenge day', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await learnerWhoOwnsVagus(page);
  await visit(page, `/node/${NODE}?subject=vagus-nerve`);
  await axe.scan(`/node/${NODE}`);
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  await axe.scan(`/node/${NODE} bookmarked`);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Rootlets\nThe vagus leaves as rootlets.');
  await axe.scan(`/node/${NODE} note panel open`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toBeVisible();
  await axe.scan(`/node/${NODE} after saving a note (toast)`);

  await visit(page, '/notes?subject=vagus-nerve');
  await expect(page.getByRole('heading', { name: 'Rootlets' })).toBeVisible();
  await axe.scan('/notes with a note');
  await page.getByRole('heading', { name: 'Rootlets' }).click();
  if (await page.getByRole('dialog').isVisible()) await axe.scan('/notes note dialog');

  await visit(page, `/challenge/${CID}`);
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('Your progress')).toBeVisible();
  await axe.scan(`/challenge/${CID} enrolled`);
  await visit(page, `/challenge/${CID}/day/1`);
  await axe.scan(`/challenge/${CID}/day/1`);
  await visit(page, `/challenge/${CID}/day/7`);
  await axe.scan(`/challenge/${CID}/day/7 (locked)`);

  axe.expectClean();
});

test('axe: the topic check before and after an answer, and practice feedback, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await learnerWhoOwnsVagus(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(page, `/node/${NODE}?subject=vagus-nerve`);
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await check.scrollIntoViewIfNeeded();
  await expect(check.getByRole('button', { name: 'Check answer' })).toBeVisible();
  await axe.scan(`/node/${NODE} check, before an answer (1280)`);
  await check.getByRole('radio').first().check();
  await check.getByRole('button', { name: 'Check answer' }).click();
  await expect(check.getByTestId('check-feedback')).toBeVisible();
  await axe.scan(`/node/${NODE} check, after an answer (1280)`);

  // at 390 px the reload shows the same feedback again; then the next item, unanswered
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/node/${NODE}?subject=vagus-nerve`);
  await expect(check.getByTestId('check-feedback')).toBeVisible();
  await axe.scan(`/node/${NODE} check, after an answer (390)`);
  await check.getByRole('button', { name: 'Next question' }).click();
  await expect(check.getByRole('button', { name: 'Check answer' })).toBeVisible();
  await axe.scan(`/node/${NODE} check, before an answer (390)`);

  await visit(page, '/practice?subject=vagus-nerve');
  await page.getByRole('button', { name: 'Start Practice' }).click();
  const card = page.locator('section[aria-labelledby="practice-topic"]');
  await card.getByRole('group').first().getByRole('button').first().click();
  await expect(page.getByTestId('practice-feedback')).toBeVisible();
  await axe.scan('/practice feedback and rating step (390)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await axe.scan('/practice feedback and rating step (1280)');

  axe.expectClean();
});

test('axe: the Studio hub, migrate, versions, media and TTS screens', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await signInAs(page, 'studio@example.com');
  await visit(page, '/studio');
  // The profile button shows the e-mail and is named by it (it was named 'Profile').
  await expect(page.getByRole('button', { name: 'studio@example.com' })).toHaveText(/studio@example\.com/);
  await expect(page).toHaveTitle('Hub · Studio · LearnPath');
  for (const path of [
    '/studio',
    '/studio/migrate',
    '/studio/versions?subject=vagus-nerve',
    '/studio/media',
    '/studio/tts',
    '/studio/tts-video',
    // the learner topic page as studio staff preview the draft (banner, graph card, quiz list)
    '/node/vn-anatomy?subject=vagus-nerve&preview=overlay',
  ]) {
    await visit(page, path);
    await axe.scan(path);
  }
  axe.expectClean();
});

test('axe: the Studio jobs, subjects, review, certificates, analytics and 404 screens', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await signInAs(page, 'studio@example.com');
  for (const path of [
    '/studio/jobs',
    '/studio/subjects',
    '/studio/review',
    '/studio/certificates',
    '/studio/analytics',
    '/studio/no-such-screen',
  ]) {
    await visit(page, path);
    await axe.scan(path);
  }
  axe.expectClean();
});

test('axe: the Studio editor with unsaved changes, the publish dialog, and phone widths', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await signInAs(page, 'studio@example.com');

  await visit(page, '/studio/editor/vn-gut-brain?subject=vagus-nerve');
  await expect(page.getByRole('textbox', { name: 'Summary', exact: true })).toBeVisible({ timeout: 30_000 });
  await axe.scan('/studio/editor');
  await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('Edited for the accessibility check');
  await expect(page.getByText('Unsaved Changes').first()).toBeVisible();
  await axe.scan('/studio/editor with unsaved changes');
  await page.getByRole('tab', { name: 'Variants' }).click();
  await axe.scan('/studio/editor Variants tab');
  await page.getByRole('tab', { name: 'Sources' }).click();
  await axe.scan('/studio/editor Sources tab');
  // saved, so the versions screen has a draft to publish
  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page.getByText('Node content has been updated successfully.')).toBeVisible();

  await visit(page, '/studio/versions?subject=vagus-nerve');
  await expect(page.getByText('Active Content Overlay')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Publish Changes' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.scan('/studio/versions publish dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/studio', '/studio/review', '/studio/jobs']) {
    await visit(page, path);
    await axe.scan(`${path} at 375 px`);
  }

  axe.expectClean();
});

test('axe: the admin users screen, its roles dialog and access panel', async ({ page }) => {
  test.setTimeout(120_000);
  const axe = new AxeWalk(page);
  await signInAs(page, 'admin@example.com');
  await visit(page, '/studio/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await axe.scan('/studio/users');
  await page.getByPlaceholder('Search by email').fill('learner@example.com');
  const card = page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'learner@example.com' }) })
    .first();
  await card.getByRole('button', { name: 'Manage access' }).click();
  await expect(page.getByText('Module Unlocks').first()).toBeVisible();
  await axe.scan('/studio/users access panel');
  await card.getByRole('button', { name: 'Edit Roles' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.scan('/studio/users Edit Roles dialog');
  axe.expectClean();
});

/** The dashboard, the graph (cards and map) and the adaptive quiz (first question, results, a second visit). */
test('axe: dashboard, graph and quiz pages', async ({ page }) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  await learnerWhoOwnsVagus(page);
  await visit(page, '/dashboard');
  await axe.scan('/dashboard');
  await visit(page, '/graph');
  await axe.scan('/graph (no subject)');
  await visit(page, '/graph?subject=vagus-nerve');
  await expect(page.getByText('Total Topics')).toBeVisible();
  await axe.scan('/graph?subject=vagus-nerve');
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByTestId('graph-map').locator('button[data-level]').first()).toBeVisible();
  await axe.scan('/graph?subject=vagus-nerve map view');
  await page.getByRole('button', { name: 'Cards' }).click();

  await visit(page, '/quiz?subject=vagus-nerve&kind=diag');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await axe.scan('/quiz diagnostic, first question');
  // Answer whatever is asked, one page of questions or one question at a time, until the results.
  const results = page.getByRole('heading', { name: 'Results' });
  for (let step = 0; step < 60 && !(await results.isVisible()); step++) {
    for (const group of await page.getByRole('radiogroup').all()) {
      const first = group.getByRole('radio').first();
      if ((await first.isVisible()) && !(await group.getByRole('radio', { checked: true }).count()))
        await first.check();
    }
    const next = page.getByRole('button', { name: /^(Next|Submit)/ }).first();
    if ((await next.isVisible()) && (await next.isEnabled())) await next.click();
    await page.waitForTimeout(200);
  }
  await expect(results).toBeVisible();
  await axe.scan('/quiz results');
  await visit(page, '/quiz?subject=vagus-nerve&kind=diag');
  await axe.scan('/quiz diagnostic again (cooldown or locked)');
  axe.expectClean();
});
