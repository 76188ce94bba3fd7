import { expect, test } from './fixtures';
import { oneLineSpeech, signInByApi } from './support';

// ai-for-ceos: a subject no other browser test gives audio, so every section is synthesised here.
const SUBJECT = 'ai-for-ceos';
const SECTIONS = 16;

test('a studio user synthesises all sections of a subject and sees OK rows', async ({ page }) => {
  test.setTimeout(240_000);
  const { accessToken } = await signInByApi(page, 'studio@example.com');

  // Each section speaks a one-line Studio override (the Studio's own TTS overrides), so the run's length is the
  // screen's work rather than minutes of a course's lectures through the speech engine on a loaded machine.
  expect(await oneLineSpeech(page, accessToken, SUBJECT)).toHaveLength(SECTIONS);

  await page.goto('/studio/tts');
  await expect(page.getByRole('heading', { level: 1, name: 'TTS Synthesis' })).toBeVisible();

  // Without a subject nothing runs.
  await page.getByRole('button', { name: 'Synthesize All Sections' }).click();
  await expect(page.getByText('Synthesis needs a subject')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Progress' })).toHaveCount(0);

  await page.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${SUBJECT} \\(${SECTIONS} sections, 0 with audio`) }).click();
  await page.getByRole('button', { name: 'Synthesize All Sections' }).click();

  // The run is followed live: the progress card appears while it runs, Cancel is offered.
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(progress.getByText('Running')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(page.getByTestId('tts-counters')).toContainText(`of ${SECTIONS}`);

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout: 200_000 });
  await expect(progress.getByText('Finished')).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const rows = result.getByRole('row');
  await expect(rows).toHaveCount(SECTIONS + 1);
  await expect(result.getByText('OK', { exact: true })).toHaveCount(SECTIONS);
  await expect(result.getByText('ERR', { exact: true })).toHaveCount(0);

  // Each row's play link is a signed URL of an mp3 that really streams.
  const play = result.getByRole('link', { name: /^Play / }).first();
  const href = await play.getAttribute('href');
  expect(href).toBeTruthy();
  const audio = await page.request.get(href!);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toMatch(/^audio\/mpeg/);
  expect((await audio.body()).byteLength).toBeGreaterThan(1000);

  // The subject list now counts the new audio.
  await page.reload();
  await page.getByRole('combobox', { name: /Subject/ }).click();
  await expect(
    page.getByRole('option', { name: new RegExp(`^${SUBJECT} \\(${SECTIONS} sections, ${SECTIONS} with audio`) }),
  ).toBeVisible();
});
