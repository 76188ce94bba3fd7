import { expect, test } from './fixtures';
import { DEMO_PASSWORD, learnerWhoOwnsVagus, signInByApi, tabTo } from './support';

/**
 * Issue #17: the main flows done with a keyboard only. No mouse clicks after the page loads:
 * focus moves with Tab (and Shift+Tab), controls are used with Enter, Space and typing.
 */

// The tier runs with reduced motion (playwright.config.ts): these flows keep the default, animated one.
test.use({ reducedMotion: 'no-preference' });

test('keyboard: skip link, sign-in, and focus on the new page heading', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Courses' })).toBeVisible();
  await expect(page).toHaveTitle('Shop · LearnPath');

  // The first Tab stop skips the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Courses' })).toBeFocused();

  // Navigating with the keyboard: the new page's heading takes focus, the title follows.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }), 80);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign In · LearnPath');
  // The sign-in form focuses its first field itself.
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await page.keyboard.type('learner@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeFocused();
  const forgot = await page.getByRole('link', { name: 'Forgot your password?' }).boundingBox();
  expect(forgot!.height).toBeGreaterThanOrEqual(24);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · LearnPath');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('keyboard: a practice card', async ({ page }) => {
  await learnerWhoOwnsVagus(page);
  await page.goto('/practice?subject=vagus-nerve');
  await expect(page.getByText('Cards Due')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Practice · Vagus Nerve · LearnPath');

  await tabTo(page, page.getByRole('button', { name: 'Start Practice' }));
  await page.keyboard.press('Enter');
  const options = page.getByRole('region').getByRole('group').first().getByRole('button');
  await expect(options.first()).toBeVisible();
  await tabTo(page, options.first());
  await page.keyboard.press('Enter');
  // the feedback takes focus; the rating buttons follow it
  await expect(page.getByRole('heading', { name: /^(Great job|Not quite)$/ })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Good · / }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeFocused();
});

test('keyboard: a topic check, answered by keyboard alone', async ({ page }) => {
  await learnerWhoOwnsVagus(page);
  await page.goto('/node/vn-anatomy?subject=vagus-nerve');
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await expect(check).toBeVisible({ timeout: 30_000 });
  await expect(check.getByText('Question 1 of')).toBeVisible();

  // Tab into the choices, an arrow key picks one, Tab on to Check answer
  await tabTo(page, check.getByRole('radio').first(), 120);
  await page.keyboard.press('ArrowDown');
  await expect(check.getByRole('radio').nth(1)).toBeChecked();
  await tabTo(page, check.getByRole('button', { name: 'Check answer' }));
  await page.keyboard.press('Enter');
  await expect(check.getByRole('heading', { name: /^(Correct|Not quite)$/ })).toBeVisible();
  await expect(check.getByText(/^The correct answer: /)).toBeVisible();
  await tabTo(page, check.getByRole('button', { name: 'Next question' }));
  await page.keyboard.press('Enter');
  await expect(check.getByText('Question 2 of')).toBeVisible();
  await expect(check.getByRole('button', { name: 'Check answer' })).toBeDisabled();
});

test('keyboard: adding a note to a topic', async ({ page }) => {
  await learnerWhoOwnsVagus(page);
  await page.goto('/node/vn-anatomy?subject=vagus-nerve');
  const title = page.getByRole('heading', { level: 1, name: 'Anatomy: From Brainstem to Abdomen' });
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Anatomy: From Brainstem to Abdomen · Vagus Nerve · LearnPath');

  await tabTo(page, page.getByRole('button', { name: 'Add Note' }));
  await page.keyboard.press('Enter');
  const note = page.getByRole('textbox', { name: 'Note', exact: true });
  await expect(note).toBeFocused();
  await page.keyboard.type('Typed with the keyboard');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('The vagus leaves the brainstem as rootlets.');
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Note saved');
  // Announced once: the toast sits in one polite live region and is not a live region itself.
  await expect(page.getByRole('status').filter({ hasText: 'Note saved' })).toHaveCount(1);
  await expect(page.getByTestId('toast')).not.toHaveAttribute('role', /status|alert/);

  await page.goto('/notes?subject=vagus-nerve');
  await expect(page.getByText('Typed with the keyboard')).toBeVisible();
});

test('keyboard: a studio user edits a node and publishes it', async ({ page }) => {
  await signInByApi(page, 'studio@example.com');

  await page.goto('/studio/editor/vn-gut-brain?subject=vagus-nerve');
  const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Node Editor · Studio · LearnPath');
  await tabTo(page, summary, 80);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`Keyboard edit ${Date.now()}`);
  await expect(page.getByText('Unsaved Changes').first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Save Now' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Node content has been updated successfully.')).toBeVisible();

  await page.goto('/studio/versions?subject=vagus-nerve');
  await expect(page.getByText('Active Content Overlay')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Versions · Studio · LearnPath');
  await tabTo(page, page.getByRole('button', { name: 'Publish Changes' }), 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Publish', exact: true }), 10);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Changes published as v\d+/)).toBeVisible();
});

test('keyboard: moving to another Studio screen puts the focus on its heading', async ({ page }) => {
  await signInByApi(page, 'studio@example.com');
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  const versions = page.getByRole('menuitem', { name: 'Versions' }).or(page.getByRole('link', { name: 'Versions' }));
  await versions.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('Versions · Studio · LearnPath');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeFocused({ timeout: 10_000 });
});
