import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signInByApi } from './support';

// The tier runs with reduced motion (playwright.config.ts): these flows keep the default, animated one.
test.use({ reducedMotion: 'no-preference' });

test('a learner explores the graph, asks the tutor, and keeps a note and a bookmark', async ({ page }) => {
  await learnerWhoOwnsVagus(page);

  await page.goto('/graph?subject=vagus-nerve');
  await expect(page.getByText('Total Topics')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Anatomy: From Brainstem to Abdomen' });
  await expect(card).toContainText('Not started');
  await card.getByRole('link', { name: 'Explore Topic' }).click();
  await expect(page).toHaveURL(/\/node\/vn-anatomy\?subject=vagus-nerve/);
  await expect(page.getByRole('heading', { name: 'Anatomy: From Brainstem to Abdomen' })).toBeVisible();

  await page.getByRole('button', { name: 'Simplify' }).click();
  await expect(page.getByText('Key points')).toBeVisible({ timeout: 15000 });

  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Note' }).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Rootlets of the medulla\nThe vagus leaves the brainstem as a row of rootlets.');
  await expect(save).toBeEnabled();
  await save.click();

  await page.goto('/notes?subject=vagus-nerve');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect(page.getByText('Rootlets of the medulla')).toBeVisible();

  await page.goto('/bookmarks?subject=vagus-nerve');
  await expect(page.getByRole('heading', { name: 'My Bookmarks' })).toBeVisible();
  await expect(page.getByText('Anatomy: From Brainstem to Abdomen')).toBeVisible();
});

test('a studio user edits a topic, publishes, and learners see the new text', async ({ page, browser }) => {
  const marker = `Edited in the Studio ${Date.now()}`;
  await signInByApi(page, 'studio@example.com');
  await page.goto('/studio/editor/vn-gut-brain?subject=vagus-nerve');
  const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await summary.fill(marker);
  await expect(page.getByText('Unsaved Changes').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page.getByText('Node content has been updated successfully.')).toBeVisible();

  // A learner does not see the draft yet.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learnerWhoOwnsVagus(learner);
  await learner.goto('/graph?subject=vagus-nerve');
  await expect(learner.getByText('Total Topics')).toBeVisible();
  await expect(learner.getByText(marker)).toHaveCount(0);

  await page.goto('/studio/versions?subject=vagus-nerve');
  await expect(page.getByText('Active Content Overlay')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Changes published as v\d+/)).toBeVisible();

  await learner.getByRole('button', { name: 'Refresh' }).click();
  await expect(learner.getByText(marker)).toBeVisible();
  await learnerContext.close();
});

test('the Map is readable at its default zoom, moves by arrow keys, and is a list on a phone; Lectures are one click from the graph', async ({
  page,
}) => {
  await learnerWhoOwnsVagus(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/graph?subject=vagus-nerve');
  await page.getByRole('button', { name: 'Map' }).click();
  const map = page.getByTestId('graph-map');
  const nodes = map.locator('button[data-node-id]');
  await expect(nodes.first()).toBeVisible();

  // Every rendered label shows at 12 px or more on screen: font size × the map's zoom (rendered height / layout height).
  const sizes = await nodes.evaluateAll((buttons) =>
    buttons.map((b) => {
      const el = b as HTMLElement;
      return (parseFloat(getComputedStyle(el).fontSize) * el.getBoundingClientRect().height) / el.offsetHeight;
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  // The map fills the screen's height rather than a fixed strip.
  const frame = await map.locator('.react-flow').boundingBox();
  expect(frame!.height).toBeGreaterThanOrEqual(600);

  // One tab stop; the arrow keys follow the prerequisite edges; Enter opens the topic.
  expect(await map.locator('button[data-node-id][tabindex="0"]').count()).toBe(1);
  await map.locator('button[data-node-id][tabindex="0"]').focus();
  await page.keyboard.press('Home');
  await expect(map.locator('button[data-node-id="vn-what-is-the-vagus-nerve"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const focused = page.locator('button[data-node-id]:focus');
  await expect(focused).not.toHaveAttribute('data-node-id', 'vn-what-is-the-vagus-nerve');
  const next = (await focused.getAttribute('data-node-id'))!;
  await page.keyboard.press('ArrowLeft');
  await expect(map.locator('button[data-node-id="vn-what-is-the-vagus-nerve"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/node/${next}\\?subject=vagus-nerve`));

  // Lectures are reachable from the graph page
  await page.goto('/graph?subject=vagus-nerve');
  await page.getByRole('link', { name: 'Lectures' }).click();
  await expect(page).toHaveURL(/\/lectures\?subject=vagus-nerve/);

  // On a 390 px phone the Map view is a list by module
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/graph?subject=vagus-nerve');
  await page.getByRole('button', { name: 'Map' }).click();
  const list = page.getByTestId('graph-list');
  await expect(list.getByRole('region', { name: 'Anatomy & Foundations' })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(16);
  await expect(page.locator('.react-flow')).toHaveCount(0);
  await list.getByRole('link', { name: 'Anatomy: From Brainstem to Abdomen' }).click();
  await expect(page).toHaveURL(/\/node\/vn-anatomy\?subject=vagus-nerve/);
});
