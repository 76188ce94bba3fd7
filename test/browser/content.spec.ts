import { expect, test } from './fixtures';
import { signIn } from './support';

test('a studio user runs the content migration from the Studio', async ({ page }) => {
  // /studio/migrate is not among the spec's safe `next` targets, so sign in first.
  await page.goto('/login');
  await signIn(page, 'studio@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await page.goto('/login');
  await signIn(page, 'learner@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST' });
    const { accessToken } = (await refresh.json()) as { accessToken: string };
    const res = await fetch('/api/admin/migrate', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return res.status;
  });
  expect(status).toBe(403);
});
