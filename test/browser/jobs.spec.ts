import { expect, test } from './fixtures';
import { signIn } from './support';

// ai-for-founders: no other browser test makes its audio, so its bulk run has every section to speak.
const SUBJECT = 'ai-for-founders';

test('a studio user cancels a running speech run from the Jobs screen and retries it to the end', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/login');
  await signIn(page, 'studio@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Start a bulk speech run on TTS Synthesis.
  await page.goto('/studio/tts');
  await page.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${SUBJECT} \\(`) }).click();
  await page.getByRole('button', { name: 'Synthesize All Sections' }).click();
  await expect(page.getByRole('region', { name: 'Progress' }).getByText('Running')).toBeVisible();

  // The Jobs screen shows it running, from the menu.
  await page.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Generation Jobs' })).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Jobs' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: SUBJECT }) })
    .first();
  await expect(card.getByText('running', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Speech (all sections)')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Retry/ })).toBeDisabled();

  await card.getByRole('button', { name: /^Cancel/ }).click();
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible({ timeout: 30_000 });
  const stoppedAt = Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(stoppedAt).toBeLessThan(100);
  await expect(card.getByRole('button', { name: /^Cancel/ })).toBeDisabled();

  // Retry: the same job runs again, followed live to the end, and reports its subject.
  await card.getByRole('button', { name: /^Retry/ }).click();
  await expect(card.getByText(/^(queued|running)$/)).toBeVisible();
  await expect(card.getByText('completed', { exact: true })).toBeVisible({ timeout: 240_000 });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByText(`Result subject: ${SUBJECT}`)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Retry/ })).toBeDisabled();

  // Every section of the subject has its audio now.
  await page.goto('/studio/tts');
  await page.getByRole('combobox', { name: /Subject/ }).click();
  const option = page.getByRole('option', { name: new RegExp(`^${SUBJECT} \\(`) });
  const label = (await option.textContent()) ?? '';
  const [, sections, withAudio] = /\((\d+) sections, (\d+) with audio/.exec(label) ?? [];
  expect(Number(sections)).toBeGreaterThan(0);
  expect(withAudio).toBe(sections);
});
