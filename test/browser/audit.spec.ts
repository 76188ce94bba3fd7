/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { type Locator } from '@playwright/test';
import { AxeWalk, expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { isFocused, signInByApi, tabTo } from './support';

/**
 * Studio → Audit (admins only): the staff actions an admin reads back, in words, filtered by action (with the
 * keyboard) and by who made them, on a desktop and on a 390 px phone. A studio user has no Audit entry.
 */

// ai-for-founders: no other browser test changes its shop visibility (purchase.spec.ts toggles ai-for-ceos).
const SUBJECT = 'ai-for-founders';
const VISIBILITY = 'Course visibility changed';
const HID = `Hid ${SUBJECT} from the shop`;
const SHOWED = `Showed ${SUBJECT} in the shop`;

/**
 * The words of the table's Change and Target cells that the browser broke over more than one line. A line may end
 * after a hyphen (ai-for-|founders): the parts between spaces and hyphens are the words that must stay whole.
 */
function brokenWords(table: Locator) {
  return table.evaluate((el) => {
    const headers = [...el.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const columns = ['Change', 'Target'].map((name) => headers.indexOf(name));
    const broken: string[] = [];
    for (const row of el.querySelectorAll('tbody tr')) {
      for (const column of columns) {
        const cell = row.children[column];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(m[0]);
          }
        }
      }
    }
    return broken;
  });
}

test('Studio → Audit: an admin reads staff changes in words, filters them by action (keyboard) and by actor, at 1280 and 390 px; a studio user has no Audit entry', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `audit-browser-${randomUUID().slice(0, 8)}`;

  // The staff actions: a studio user hides the course, an admin shows it again and tags the studio user.
  const studioContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const studio = await studioContext.newPage();
    const { accessToken: studioToken, user: studioUser } = await signInByApi(studio, 'studio@example.com');
    const { accessToken: adminToken } = await signInByApi(page, 'admin@example.com');
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const hidden = await page.request.put(`/api/admin/courses/${SUBJECT}`, {
      headers: as(studioToken),
      data: { published: false },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    const shown = await page.request.put(`/api/admin/courses/${SUBJECT}`, {
      headers: as(adminToken),
      data: { published: true },
    });
    expect(shown.status(), await shown.text()).toBe(200);
    const tagged = await page.request.post(`/api/admin/users/${studioUser.id}/tags`, {
      headers: as(adminToken),
      data: { tag },
    });
    expect(tagged.status(), await tagged.text()).toBe(201);

    // The studio user's menu has the Studio's screens, but no Audit; the address itself says it is for admins.
    await studio.goto('/studio');
    await expect(studio.getByRole('menuitem', { name: 'Jobs' })).toBeVisible({ timeout: 20_000 });
    await expect(studio.getByRole('menuitem', { name: 'Versions' })).toBeVisible();
    await expect(studio.getByRole('menuitem', { name: 'Audit' })).toHaveCount(0);
    await studio.goto('/studio/audit');
    await expect(studio.getByText('The audit trail is for admins.')).toBeVisible();
    await expect(studio.getByRole('table', { name: 'Changes' })).toHaveCount(0);

    // The admin reaches Audit from the menu.
    const axe = new AxeWalk(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/studio');
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/studio\/audit$/);
    await expect(page).toHaveTitle('Audit · Studio · LearnPath');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Changes' });
    await expect(table.getByRole('columnheader')).toHaveText(['When', 'Action', 'Change', 'Target', 'By']);

    // Each change in words, newest first: who, what, to what, when (a date, not a raw timestamp).
    const row = (text: string) => table.getByRole('row').filter({ hasText: text });
    await expect(row(HID).first().getByRole('cell')).toHaveText([
      /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M$/,
      VISIBILITY,
      HID,
      `subject ${SUBJECT}`,
      'studio@example.com',
    ]);
    await expect(row(SHOWED).first().getByRole('cell')).toHaveText([
      /\S/,
      VISIBILITY,
      SHOWED,
      `subject ${SUBJECT}`,
      'admin@example.com',
    ]);
    await expect(row(`Added tag ${tag}`).getByRole('cell')).toHaveText([
      /\S/,
      'Tag added',
      `Added tag ${tag}`,
      'studio@example.com',
      'admin@example.com',
    ]);
    const changes = await table.getByRole('row').allTextContents();
    const at = (text: string) => changes.findIndex((r) => r.includes(text));
    expect(at(`Added tag ${tag}`)).toBeLessThan(at(SHOWED));
    expect(at(SHOWED)).toBeLessThan(at(HID));
    await axe.scan('/studio/audit (1280)');

    // The action filter, with the keyboard alone: Tab to it, open it, arrow to the action, Enter.
    const action = page.getByRole('combobox', { name: 'Action' });
    await tabTo(page, action);
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option', { name: VISIBILITY, exact: true });
    await expect(option).toBeVisible();
    for (let i = 0; i < 40 && !(await isFocused(option)); i++) await page.keyboard.press('ArrowDown');
    await expect(option).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(action).toHaveText(VISIBILITY);
    await expect(row(`Added tag ${tag}`)).toHaveCount(0);
    await expect(row(HID).first()).toBeVisible();
    await expect(row(SHOWED).first()).toBeVisible();
    const actions = table.locator('tbody tr td:nth-child(2)');
    expect(new Set(await actions.allTextContents())).toEqual(new Set([VISIBILITY]));
    // the actor filter is the next stop
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Actor (user id)' })).toBeFocused();
    await axe.scan('/studio/audit filtered by action (1280)');

    // The actor filter: who made a change is a button that keeps only their changes.
    await row(HID).first().getByRole('button', { name: 'studio@example.com' }).click();
    await expect(page.getByRole('textbox', { name: 'Actor (user id)' })).toHaveValue(studioUser.id);
    await expect(row(SHOWED)).toHaveCount(0);
    await expect(row(HID).first()).toBeVisible();
    const by = table.locator('tbody tr td:nth-child(5)');
    expect(new Set(await by.allTextContents())).toEqual(new Set(['studio@example.com']));

    // On a 390 px phone (the Studio opened there, its menu closed; the filters are in the address): the page does not
    // scroll sideways, the table does (inside its box), whole words per line.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(page.url());
    await expect(page.getByRole('textbox', { name: 'Actor (user id)' })).toHaveValue(studioUser.id);
    await expect(row(HID).first()).toBeVisible();
    await expect(row(SHOWED)).toHaveCount(0);
    await expectNoHorizontalOverflow(page, '/studio/audit at 390 px');
    const scroller = await table.evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
      return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth } : null;
    });
    expect(scroller, 'a box around the table that scrolls sideways').not.toBeNull();
    expect(scroller!.scrollWidth).toBeGreaterThan(scroller!.clientWidth);
    expect(await brokenWords(table), 'words broken over lines in the Change and Target columns').toEqual([]);
    await axe.scan('/studio/audit filtered by action and actor (390)');

    axe.expectClean();
  } finally {
    await studioContext.close();
  }
});
