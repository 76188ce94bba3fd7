/// <reference lib="dom" />
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signInByApi } from './support';

// vn-afferent-efferent: a section (and node: section ids equal node ids) no other browser test records.
const NODE = 'vn-afferent-efferent';
const TITLE = 'Afferent and Efferent Fibres: A Nerve That Mostly Listens';

test('a studio user renders a video, attaches it to a topic and publishes; the learner watches it with captions', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page, 'studio@example.com');

  // The section's audio, recorded on the server from the lectures page.
  await page.goto('/lectures?subject=vagus-nerve');
  const card = page.getByRole('article', { name: new RegExp(TITLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await card.getByRole('button', { name: /Generate MP3 \(server\)/ }).click();
  await expect(card.locator('audio')).toHaveCount(1, { timeout: 90_000 });

  // TTS Video: render the subject (only sections with audio get a video).
  await page.goto('/studio/tts-video');
  await expect(page.getByRole('heading', { level: 1, name: 'TTS Video' })).toBeVisible();
  await page.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: /vagus-nerve/ }).click();
  await page.getByLabel('Width').fill('640');
  await page.getByLabel('Height').fill('360');
  await page.getByRole('button', { name: 'Render Videos' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  const row = result.getByRole('row', { name: new RegExp(NODE) });
  await expect(row).toContainText('OK', { timeout: 120_000 });
  const play = row.getByRole('link', { name: `Play ${NODE}` });
  const mp4 = await page.request.get((await play.getAttribute('href'))!);
  expect(mp4.status()).toBe(200);
  expect(mp4.headers()['content-type']).toBe('video/mp4');

  // Media Manager: attach it to the topic of the same id.
  await page.goto('/studio/media');
  await page.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: /vagus-nerve/ }).click();
  const attach = page.getByRole('button', { name: new RegExp(`^Attach video/${NODE}-`) }).first();
  await expect(attach).toBeVisible();
  await attach.click();
  await expect(page.getByText('Enter a node id first')).toBeVisible();
  await page.getByLabel('Node id').fill(NODE);
  await attach.click();
  await expect(page.getByText('Attached', { exact: true })).toBeVisible();

  // Publish the draft: the topic's video goes live.
  await page.goto('/studio/versions?subject=vagus-nerve');
  await expect(page.getByText('Active Content Overlay')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Changes published as v\d+/)).toBeVisible();

  // The learner who owns the course watches it on the topic page, with captions.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learnerWhoOwnsVagus(learner);
  await learner.goto(`/node/${NODE}?subject=vagus-nerve`);
  await learner.getByRole('tab', { name: 'Video' }).click();
  const video = learner.getByTestId('topic-video');
  await expect(video).toBeVisible();
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => !el.paused && el.currentTime > 0.5), { timeout: 20_000 })
    .toBe(true);
  // the captions track loaded and has cues
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.textTracks[0]?.cues?.length ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await learnerContext.close();
});
