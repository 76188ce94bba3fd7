/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signInByApi } from './support';

const SECTION_1 = 'What the Vagus Nerve Is and Why It Matters';
const SECTION_2 = 'Anatomy: From Brainstem to Abdomen';

const card = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(escape(title)) });

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the page's audio element is doing, read in the browser. */
const audioState = (audio: Locator) =>
  audio.evaluate((el: HTMLAudioElement) => ({
    paused: el.paused,
    ended: el.ended,
    currentTime: el.currentTime,
    duration: el.duration,
  }));

/** Waits until the element is playing and its clock has moved: the learner hears it. */
async function expectPlaying(audio: Locator) {
  await expect
    .poll(
      async () => {
        const s = await audioState(audio);
        return !s.paused && s.currentTime > 0.2;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('a learner who owns the course plays all lectures: section 1, then section 2', async ({ page, browser }) => {
  test.setTimeout(180_000);

  // A studio user records the first two sections on the server from the lectures page.
  const studioContext = await browser.newContext();
  const studio = await studioContext.newPage();
  await signInByApi(studio, 'studio@example.com');
  await studio.goto('/lectures?subject=vagus-nerve');
  await expect(studio.getByRole('heading', { level: 1, name: 'Lectures' })).toBeVisible();
  await expect(studio.getByRole('textbox', { name: 'Server voice id' })).toBeVisible();
  for (const title of [SECTION_1, SECTION_2]) {
    await card(studio, title)
      .getByRole('button', { name: /Generate MP3 \(server\)/ })
      .click();
    await expect(card(studio, title).locator('audio')).toHaveCount(1, { timeout: 60_000 });
    await expect(card(studio, title).getByRole('button', { name: /Generate MP3 \(server\)/ })).toBeEnabled({
      timeout: 60_000,
    });
  }
  await studioContext.close();

  // The learner's page.
  await learnerWhoOwnsVagus(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/lectures?subject=vagus-nerve');
  await expect(page.getByRole('heading', { level: 1, name: 'Lectures' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Generate MP3/ })).toHaveCount(0);
  const first = card(page, SECTION_1).locator('audio');
  const second = card(page, SECTION_2).locator('audio');
  await expect(first).toHaveCount(1);
  await expect(second).toHaveCount(1);
  await expect(first.locator('track[kind="captions"]')).toHaveCount(1);
  // Nothing overflows sideways on a phone.
  await expectNoHorizontalOverflow(page, '/lectures at 375 px');

  await page.getByRole('button', { name: 'Play All' }).click();
  await expect(page.getByText('Playing section 1 of')).toBeVisible();
  await expectPlaying(first);
  expect((await audioState(second)).paused).toBe(true);

  // Skip to the last second of section 1 rather than listen to all of it.
  await first.evaluate((el: HTMLAudioElement) => {
    el.currentTime = Math.max(0, el.duration - 0.5);
  });
  await expect.poll(async () => (await audioState(first)).ended, { timeout: 15_000 }).toBe(true);
  await expect(page.getByText('Playing section 2 of')).toBeVisible();
  await expectPlaying(second);
  expect((await audioState(first)).paused).toBe(true);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(async () => (await audioState(second)).paused).toBe(true);
  await expect(page.getByRole('button', { name: 'Play All' })).toBeVisible();
});
