import { expect, test } from './fixtures';
import { signInByApi } from './support';

test('a studio user runs the content migration from the Studio', async ({ page }) => {
  // /studio/migrate is not among the spec's safe `next` targets, so sign in first.
  await signInByApi(page, 'studio@example.com');
  await page.goto('/studio/migrate');
  await expect(page.getByRole('heading', { level: 1, name: 'Migrate' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Content Migration' }).click();
  await expect(page.getByText('Migration Successful! Migrated 80 nodes from REST API to PostgreSQL')).toBeVisible({
    timeout: 30000,
  });
  const result = page.getByText('80 nodes migrated');
  await expect(result).toBeVisible();
  // npm start loaded the content on first start, so this run found everything unchanged.
  const row = page.getByRole('row', { name: /vagus-nerve/ });
  await expect(row).toContainText('16');
  await expect(page.getByText('Nothing was skipped')).toBeVisible();
});

test('the migration endpoint refuses a learner', async ({ page }) => {
  // the learner's own access token, as the page would hold it after signing in
  const { accessToken } = await signInByApi(page, 'learner@example.com');
  const res = await page.request.post('/api/admin/migrate', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {},
  });
  const status = res.status();
  expect(status).toBe(403);
});
