import { expect, test } from './fixtures';
import { oneLineSpeech, signInByApi } from './support';

// ai-for-founders: no other browser test makes its audio, so its bulk run has every section to speak.
const SUBJECT = 'ai-for-founders';

test('a studio user cancels a running speech run from the Jobs screen and retries it to the end', async ({ page }) => {
  test.setTimeout(300_000);
  const { accessToken } = await signInByApi(page, 'studio@example.com');
  const authorization = `Bearer ${accessToken}`;

  // Each section speaks a one-line override, so the run is the Jobs screen's work rather than a course's lectures
  // through the speech engine; a pause after each section (below) keeps it running until the Cancel.
  expect((await oneLineSpeech(page, accessToken, SUBJECT)).length).toBeGreaterThan(4);

  // The bulk run as the TTS screen starts it (tts.spec.ts drives that screen), with the pause: its stream is read
  // to its end once the run has been cancelled.
  const stream = page.request.post('/api/tts/synthesize/bulk/stream', {
    headers: { authorization },
    data: { subject: SUBJECT, delayMs: 1_000 },
    timeout: 120_000,
  });
  await page.goto('/studio/tts');
  await expect(page.getByRole('heading', { level: 1, name: 'TTS Synthesis' })).toBeVisible();

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
  const events = await (await stream).text();
  expect(events).toContain('"type":"cancelled"');
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
