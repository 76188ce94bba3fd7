import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signIn } from './support';

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
  await page.goto('/login');
  await signIn(page, 'studio@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/studio/editor/vn-gut-brain?subject=vagus-nerve');
  const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
  await expect(summary).toBeVisible();
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
