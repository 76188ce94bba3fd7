import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { parse } from 'yaml';
import { AxeWalk, requestsInFlight } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwns, learnerWhoOwnsVagus, signIn, signInByApi } from './support';

/**
 * Issue #17: every route of the spec's route table (signed out, learner, studio, admin) and the
 * states that matter have no serious or critical axe violation (WCAG 2.0/2.1/2.2 A and AA).
 * The quiz, graph and dashboard pages are checked in their own test below.
 */

const NODE = 'vn-anatomy';
const CID = 'vagus-breath-7';

/** Visits a path and waits for its page heading and for the data behind it. */
async function visit(page: Page, path: string) {
  const requests = requestsInFlight(page);
  try {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await requests.idle();
  } finally {
    requests.stop();
  }
}

async function signInAs(page: Page, email: string) {
  await signInByApi(page, email);
}

// The check itself: a scan reports a serious violation put on a real page (only violations are written out node by
// node, so a scan that dropped them would pass every walk below).
test('axe: a scan reports serious violations on the page', async ({ page }) => {
  await visit(page, '/login');
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const img = document.createElement('img');
    img.src = '/favicon.ico';
    const faint = document.createElement('p');
    faint.textContent = 'Faint text no one can read';
    faint.style.cssText = 'color:#fafafa;background:#ffffff';
    main.append(img, faint);
  });
  const walk = new AxeWalk(page);
  await walk.scan('/login with an unlabelled image and faint text');
  const report = walk.report();
  expect(report).toContain('image-alt (critical) at img');
  expect(report).toContain('color-contrast (serious)');
  expect(() => walk.expectClean()).toThrow(/serious or critical axe violations/);
});

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
    if ((await next.isVisible()) && (await next.isEnabled())) {
      await next.click();
      // answered: the next question (nothing chosen on it yet) or the results
      await expect
        .poll(
          async () => (await results.isVisible()) || (await page.getByRole('radio', { checked: true }).count()) === 0,
        )
        .toBe(true);
    } else await expect(results.or(next)).toBeVisible();
  }
  await expect(results).toBeVisible();
  await axe.scan('/quiz results');
  await visit(page, '/quiz?subject=vagus-nerve&kind=diag');
  await axe.scan('/quiz diagnostic again (cooldown or locked)');
  axe.expectClean();
});

/*
 * Issue 26 ("axe stays at 0 serious on every new or changed page, at 1280 and 390 px";
 * docs/learning-loop-api.md "Browser journey and accessibility"): a resumed quiz, the placement results, the post
 * test's results, the graph's Resume, Complete and Locked cards, the Map and its phone list, notes across courses
 * with the Course select, register with its name, login, the Name on certificates dialog and the lecture audio.
 */

/** The 390 px phone and the 1280 px desktop of issue 26's "Done when". */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Text as a page shows it: tags gone, spaces collapsed. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** vagus-nerve's quiz items (check and assessment) from its content pack, by the stem as shown: the correct choice and the module. */
function vagusKey(): Map<string, { correct: string; module: string }> {
  const dir = join(__dirname, '..', '..', 'content', 'vagus-nerve', 'nodes');
  const key = new Map<string, { correct: string; module: string }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const node = parse(readFileSync(join(dir, file), 'utf8')) as {
      module: string;
      quiz?: { stem: string; correct: string }[];
    };
    for (const q of node.quiz ?? []) key.set(plain(q.stem), { correct: q.correct, module: node.module });
  }
  return key;
}

/**
 * Answers the current question of a test and submits it: right on the first module's topics, wrong on the others,
 * so the placement has topics already known and topics to learn next.
 */
async function answerQuestion(page: Page, key: Map<string, { correct: string; module: string }>) {
  const item = key.get(plain(await page.locator('[id^="q-"][id$="-stem"]').first().innerText()));
  const radios = page.locator('input[type="radio"]');
  const pick = !item
    ? radios.first()
    : item.module === 'foundations'
      ? radios.and(page.locator(`[value="${item.correct}"]`))
      : radios.and(page.locator(`:not([value="${item.correct}"])`)).first();
  await pick.check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

test('axe: a resumed diagnostic, the graph with Resume, Complete and Locked cards, the Map and its phone list, and the placement results, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const axe = new AxeWalk(page);
  const key = vagusKey();
  await learnerWhoOwnsVagus(page);
  await page.setViewportSize(DESKTOP);

  // the first topic's check answered right, so its card is complete
  await visit(page, '/node/vn-what-is-the-vagus-nerve?subject=vagus-nerve');
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await expect(check.getByRole('button', { name: 'Check answer' })).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 6 && !(await check.getByTestId('check-summary').isVisible()); i++) {
    const correct = key.get(plain(await check.getByTestId('check-stem').innerText()))?.correct;
    await check.locator(`input[type="radio"][value="${correct}"]`).check();
    await check.getByRole('button', { name: 'Check answer' }).click();
    await expect(check.getByTestId('check-feedback')).toBeVisible();
    const next = check.getByRole('button', { name: 'Next question' });
    if (await next.isVisible()) await next.click();
  }
  await expect(check.getByTestId('check-summary')).toContainText('topic complete');

  // the diagnostic: two answers, then a reload resumes at question 3
  await visit(page, '/quiz?subject=vagus-nerve&kind=diag');
  const number = page.getByTestId('quiz-question-number');
  for (const n of [1, 2]) {
    await expect(number).toHaveText(`Question ${n}`, { timeout: 20_000 });
    await answerQuestion(page, key);
  }
  await expect(number).toHaveText('Question 3', { timeout: 20_000 });
  await page.reload();
  await expect(number).toHaveText('Question 3', { timeout: 20_000 });
  await axe.scan('/quiz diagnostic resumed at question 3 (1280)');
  await page.setViewportSize(PHONE);
  await axe.scan('/quiz diagnostic resumed at question 3 (390)');

  // the graph: "Resume diagnostic (question 3)", a complete card and locked cards, then the phone's Map list
  await visit(page, '/graph?subject=vagus-nerve');
  await expect(page.getByRole('link', { name: 'Resume diagnostic (question 3)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: /, complete$/ }).first()).toBeVisible();
  await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible();
  await axe.scan('/graph cards with Resume, Complete and Locked (390)');
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByTestId('graph-list').getByRole('link').first()).toBeVisible();
  await axe.scan('/graph Map as a list (390)');
  await page.setViewportSize(DESKTOP);
  await visit(page, '/graph?subject=vagus-nerve');
  await expect(page.getByRole('link', { name: 'Resume diagnostic (question 3)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: /, complete$/ }).first()).toBeVisible();
  await axe.scan('/graph cards with Resume, Complete and Locked (1280)');
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByTestId('graph-map').locator('button[data-node-id]').first()).toBeVisible();
  await axe.scan('/graph Map (1280)');

  // resume from the graph and finish
  await page.getByRole('link', { name: 'Resume diagnostic (question 3)' }).click();
  const results = page.getByRole('heading', { name: 'Results' });
  await expect(number).toHaveText('Question 3', { timeout: 20_000 });
  for (let n = 3; n <= 40 && !(await results.isVisible()); n++) {
    await answerQuestion(page, key);
    // the next question, or the results
    await expect(number.filter({ hasText: new RegExp(`^Question ${n + 1}$`) }).or(results)).toBeVisible({
      timeout: 20_000,
    });
  }
  await expect(results).toBeVisible();
  await expect(page.getByTestId('quiz-placement')).toHaveText(/^You already know \d+ of 16 topics$/);
  await axe.scan('/quiz diagnostic results, placement (1280)');
  await expect(page.getByTestId('quiz-start').getByRole('link', { name: 'Start' })).toBeVisible();
  await expect(page.getByTestId('quiz-learn-next').getByRole('link').first()).toBeVisible();
  const known = page.getByTestId('quiz-known');
  await known.getByRole('button', { name: 'Already known' }).click();
  await expect(known.getByRole('link').first()).toBeVisible();
  await axe.scan('/quiz diagnostic results, Already known expanded (1280)');
  await page.setViewportSize(PHONE);
  await axe.scan('/quiz diagnostic results, Already known expanded (390)');

  // the post test, answered as it comes, to its results
  await visit(page, '/quiz?subject=vagus-nerve&kind=final');
  await expect(number.or(results)).toBeVisible({ timeout: 20_000 });
  for (let n = 1; n <= 60 && !(await results.isVisible()); n++) {
    await expect(number).toHaveText(`Question ${n}`, { timeout: 20_000 });
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(number.filter({ hasText: new RegExp(`^Question ${n + 1}$`) }).or(results)).toBeVisible({
      timeout: 20_000,
    });
  }
  await expect(results).toBeVisible();
  await expect(page.getByTestId('quiz-score')).toBeVisible();
  await axe.scan('/quiz post test results (390)');
  await page.setViewportSize(DESKTOP);
  await axe.scan('/quiz post test results (1280)');

  axe.expectClean();
});

test('axe: notes across two courses (grouped, filtered) and New Note with its Course select, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const axe = new AxeWalk(page);
  await learnerWhoOwns(page, 'metabolic', 'price_metabolic', '$29.00');
  await page.goto('/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve');
  await page.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);

  await page.setViewportSize(DESKTOP);
  await visit(page, '/notes');
  for (const [course, title] of [
    ['vagus-nerve', 'Vagal rootlets'],
    ['metabolic', 'Insulin timing'],
  ]) {
    await page.getByRole('button', { name: 'New Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Note' });
    const select = dialog.getByRole('combobox', { name: 'Course' });
    await expect(select).toBeVisible({ timeout: 20_000 });
    if (course === 'vagus-nerve') await axe.scan('/notes New Note with the Course select (1280)');
    await select.selectOption(course);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content').fill('Written for the accessibility check.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  }
  const filter = page.getByRole('group', { name: 'Filter by course' });
  await expect(filter.getByRole('button', { name: 'All courses' })).toBeVisible();
  await axe.scan('/notes across courses, grouped, All courses (1280)');
  await filter.getByRole('button').nth(1).click();
  await expect(filter.getByRole('button', { name: 'All courses' })).toHaveAttribute('aria-pressed', 'false');
  await axe.scan('/notes across courses, one course chosen in the filter (1280)');

  await page.setViewportSize(PHONE);
  await visit(page, '/notes');
  await expect(page.getByRole('heading', { name: 'Insulin timing' })).toBeVisible({ timeout: 20_000 });
  await axe.scan('/notes across courses, grouped, All courses (390)');
  await page.getByRole('button', { name: 'New Note' }).click();
  await expect(page.getByRole('dialog', { name: 'New Note' }).getByRole('combobox', { name: 'Course' })).toBeVisible({
    timeout: 20_000,
  });
  await axe.scan('/notes New Note with the Course select (390)');
  await page.keyboard.press('Escape');

  axe.expectClean();
});

test('axe: register with its name field, login, and the Name on certificates dialog, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await visit(page, '/register');
    await expect(page.getByLabel('Your name (optional)')).toBeVisible();
    await axe.scan(`/register (${size.width})`);
    await visit(page, '/register?next=%2Fcheckout%2Fstart%3Fsubject%3Dvagus-nerve');
    await axe.scan(`/register with next (${size.width})`);
    await visit(page, '/login');
    await axe.scan(`/login (${size.width})`);
  }

  await page.setViewportSize(DESKTOP);
  await learnerWhoOwnsVagus(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await visit(page, '/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Name on certificates' }).click();
    const naming = page.getByRole('dialog', { name: 'Name on certificates' });
    await expect(naming.getByLabel('Your name')).toBeVisible();
    await axe.scan(`Name on certificates dialog (${size.width})`);
    await page.keyboard.press('Escape');
    await expect(naming).toBeHidden();
  }

  axe.expectClean();
});

test("axe: a topic's Video tab playing its lecture audio with captions, at 1280 and 390 px", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const axe = new AxeWalk(page);
  // A studio user records the first section's audio on the server (lectures.spec.ts records it again).
  const title = 'What the Vagus Nerve Is and Why It Matters';
  const studioContext = await browser.newContext();
  const studio = await studioContext.newPage();
  await signInByApi(studio, 'studio@example.com');
  await studio.goto('/lectures?subject=vagus-nerve');
  const card = studio.getByRole('article', { name: new RegExp(title) });
  await card.getByRole('button', { name: /Generate MP3 \(server\)/ }).click();
  await expect(card.locator('audio')).toHaveCount(1, { timeout: 90_000 });
  await studioContext.close();

  await learnerWhoOwnsVagus(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await visit(page, '/node/vn-what-is-the-vagus-nerve?subject=vagus-nerve');
    await page.getByRole('tab', { name: 'Video' }).click();
    const audio = page.getByTestId('topic-lecture-audio');
    await expect(audio).toBeVisible({ timeout: 20_000 });
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    await expect(page.getByTestId('lecture-caption')).not.toBeEmpty({ timeout: 20_000 });
    await axe.scan(`/node Video tab playing the lecture audio (${size.width})`);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
  }

  axe.expectClean();
});
