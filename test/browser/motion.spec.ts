import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInByApi } from './support';

/**
 * Both UIs honour `prefers-reduced-motion: reduce` (WCAG 2.3.3): menus open at once, no ripple spreads from a
 * pressed button, no CSS transition runs. The rest of the tier runs with reduced motion (playwright.config.ts); this
 * file checks both settings on the same screens, so the default motion still works and the reduced one is real.
 */

/** Starts counting the CSS transitions the page creates from now on (`transitionrun` fires for each). */
async function countTransitions(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { transitionsRun: number };
    w.transitionsRun = 0;
    document.addEventListener('transitionrun', () => (w.transitionsRun += 1), true);
  });
}

const transitionsRun = (page: Page) =>
  page.evaluate(() => (window as unknown as { transitionsRun: number }).transitionsRun);

/** Ripples under `button` while the mouse is held down on it. */
async function ripplesWhilePressed(page: Page, button: Locator) {
  await button.hover();
  await page.mouse.down();
  try {
    // a ripple is mounted on the press's own render; give it two frames
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return await button.locator('.MuiTouchRipple-child').count();
  } finally {
    await page.mouse.up();
  }
}

/** Opens a menu with `opener` and reports what moved: transitions created and ripples. */
async function openMenu(page: Page, opener: Locator) {
  await countTransitions(page);
  const ripples = await ripplesWhilePressed(page, opener);
  // the account menu (the Studio's sidebar is a menu too)
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Logout' }) });
  await expect(menu).toBeVisible();
  const transitions = await transitionsRun(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return { transitions, ripples };
}

for (const motion of ['reduce', 'no-preference'] as const) {
  test.describe(`prefers-reduced-motion: ${motion}`, () => {
    test.use({ reducedMotion: motion });

    test(`learner site and Studio ${motion === 'reduce' ? 'open menus without motion' : 'animate their menus'}`, async ({
      page,
    }) => {
      await signInByApi(page, 'studio@example.com');

      await page.goto('/dashboard');
      const learner = await openMenu(page, page.getByRole('button', { name: 'Account menu' }));

      await page.goto('/studio');
      const studio = await openMenu(page, page.getByRole('button', { name: 'studio@example.com' }));

      if (motion === 'reduce') {
        expect(learner).toEqual({ transitions: 0, ripples: 0 });
        expect(studio).toEqual({ transitions: 0, ripples: 0 });
      } else {
        expect(learner.transitions).toBeGreaterThan(0);
        expect(learner.ripples).toBeGreaterThan(0);
        expect(studio.transitions).toBeGreaterThan(0);
        expect(studio.ripples).toBeGreaterThan(0);
      }
    });
  });
}
