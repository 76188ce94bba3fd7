import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';

import { expectNoHorizontalOverflow, seriousViolations } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwns, signInByApi } from './support';

// ai-user: no other browser test reads its content, and the Migrate run at the end takes the pack's
// version back, so the suite's later tests see the course as npm start loaded it.
const SUBJECT = 'ai-user';
const TOPIC = 'aiu-context-window';
const TOPIC_TITLE = 'The Context Window: What the Model Can See';
const NEW_TITLE = 'The Context Window, Rewritten in the Studio';
const LESSON_SENTENCE = 'A sentence the Studio added to the lesson.';
const SUMMARY_START = 'Studio summary start.';
const NEW_STEM = 'Studio stem: what limits what the model can use in one answer?';
const PREREQUISITE = 'Privacy: What Happens to What You Paste';

/** Set SHOTS_DIR to keep a screenshot of each layout checked (for a person to look at). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function studioPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, 'studio@example.com');
  return page;
}

/** The editor's rich-text area inside a tab. */
const richText = (page: Page, tab: string) =>
  page.getByRole('tabpanel', { name: tab }).locator('[contenteditable="true"]').first();

async function openEditor(page: Page, nodeId = TOPIC) {
  await page.goto(`/studio/editor/${nodeId}?subject=${SUBJECT}`);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible({ timeout: 45_000 });
}

test('studio edits a topic, previews it as a learner and publishes it; learners see it; Migrate keeps it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInByApi(page, 'studio@example.com');

  // The course outline lists the topic and opens it in the editor.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/studio/subjects?subject=${SUBJECT}`);
  const outline = page.getByRole('region', { name: 'Course Outline' });
  await expect(outline.getByRole('heading', { name: '1. How Language Models Work' })).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalOverflow(page, 'course outline (1280)');
  expect(await seriousViolations(page, 'course outline')).toEqual([]);
  await shot(page, 'outline-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page, 'course outline (390)');
  await shot(page, 'outline-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await outline.getByRole('link', { name: TOPIC_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/editor/${TOPIC}\\?subject=${SUBJECT}`));
  await expect(page.getByRole('heading', { level: 1, name: TOPIC_TITLE })).toBeVisible();

  // Title, summary and lesson (rich text), a check item's stem and correct choice (question 5: the topic page
  // shows check items only), a prerequisite by title.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(NEW_TITLE);
  await expect(page.getByText('Unsaved Changes', { exact: true })).toBeVisible();
  const summary = richText(page, 'Summary');
  await summary.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(`${SUMMARY_START} `);
  await page.getByRole('tab', { name: 'Lesson' }).click();
  const lesson = richText(page, 'Lesson');
  await lesson.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(LESSON_SENTENCE);
  await page.getByRole('tab', { name: 'Quiz' }).click();
  const stem = page.getByRole('textbox', { name: 'Question 5', exact: true });
  const oldStem = await stem.inputValue();
  await stem.fill(NEW_STEM);
  await page.getByRole('radio', { name: 'Choice a of question 5 is correct' }).check();
  await page.getByRole('tab', { name: 'Structure' }).click();
  await page.getByRole('combobox', { name: 'Builds on (prerequisites)' }).fill('Privacy');
  await page.getByRole('option', { name: PREREQUISITE }).click();
  await expectNoHorizontalOverflow(page, 'node editor (1280)');
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page, 'node editor')).toEqual([]);
  await shot(page, 'editor-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page, 'node editor (390)');
  await shot(page, 'editor-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByText('Unsaved Changes', { exact: true })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();

  // Preview as learner: the real topic page, from the draft.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Preview as learner' }).click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/node/${TOPIC}\\?subject=${SUBJECT}&preview=overlay`));
  await expect(preview.getByRole('heading', { name: 'Draft preview' })).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();
  await expect(preview.getByText(LESSON_SENTENCE)).toBeVisible();
  await expect(preview.getByTestId('graph-card-preview')).toContainText(SUMMARY_START);
  await expect(preview.getByTestId('topic-quiz')).toContainText(NEW_STEM);
  await preview.close();

  // Publish from Versions (with the If-Match of the list shown).
  await page.goto(`/studio/versions?subject=${SUBJECT}`);
  await page.getByRole('button', { name: 'Publish Changes' }).click();
  await page.getByRole('dialog', { name: 'Publish Changes?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Changes published as v\d+/)).toBeVisible({ timeout: 20_000 });

  // A learner sees the new content: the topic page, its quiz and the graph card.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learnerWhoOwns(learner, SUBJECT, 'price_ai_user', '$29.00');
  await learner.goto(`/node/${TOPIC}?subject=${SUBJECT}`);
  await expect(learner.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible({ timeout: 20_000 });
  await expect(learner.getByText(LESSON_SENTENCE)).toBeVisible();
  // the topic check starts with the edited item
  const check = learner.getByRole('region', { name: 'Check your understanding' });
  await expect(check.getByTestId('check-stem')).toContainText(NEW_STEM, { timeout: 20_000 });
  await expect(check.getByTestId('check-stem')).not.toContainText(oldStem);
  await expect(learner.getByRole('heading', { name: 'Draft preview' })).toBeHidden();
  await learner.goto(`/graph?subject=${SUBJECT}`);
  const card = learner.getByRole('article').filter({ hasText: NEW_TITLE });
  await expect(card).toContainText(SUMMARY_START, { timeout: 20_000 });
  await learnerContext.close();

  // Migrate keeps the Studio's edit and lists it; taking the pack's version restores the course.
  await page.goto('/studio/migrate');
  await page.getByRole('button', { name: 'Start Content Migration' }).click();
  const result = page.getByRole('region', { name: 'Migration result' });
  await expect(result.getByText(/^kept Studio edits: .*\(ai-user\/aiu-context-window\)/)).toBeVisible({
    timeout: 60_000,
  });
  await result.getByRole('checkbox', { name: new RegExp(`ai-user/${TOPIC}`) }).check();
  await result.getByRole('button', { name: /Run again with the pack's version of 1 topic/ }).click();
  await expect(
    page.getByRole('region', { name: 'Migration result' }).getByText(/ai-user\/aiu-context-window/),
  ).toBeHidden({
    timeout: 120_000, // the second run waits for the migration worker, slow on a loaded 2-core machine
  });
  // The result list empties as soon as the second run starts: the pack's title shows once that run is done.
  await expect(async () => {
    await openEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: TOPIC_TITLE })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
});

test('two editors: the second save on a stale version shows the conflict and loses nothing of the first', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await studioPage(browser);
  const second = await studioPage(browser);
  const nodeId = 'aiu-step-by-step';
  await openEditor(first, nodeId);
  await openEditor(second, nodeId);

  await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Steps, as the first editor wrote them');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByText('Changes saved')).toBeVisible();

  await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Steps, as the second editor wrote them');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = second.getByRole('dialog', { name: 'Someone else saved this topic' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Steps, as the second editor wrote them')).toBeVisible();
  await expect(dialog.getByText('Steps, as the first editor wrote them')).toBeVisible();
  await expect(second.getByText('Changes saved')).toBeHidden();

  // Reloading theirs shows the first editor's save, intact.
  await dialog.getByRole('button', { name: 'Reload their version' }).click();
  await expect(second.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Steps, as the first editor wrote them',
  );
  await expect(second.getByText('Unsaved Changes', { exact: true })).toBeHidden();

  // The draft is discarded so the course stays as the other tests expect it.
  await first.goto(`/studio/versions?subject=${SUBJECT}`);
  await first.getByRole('button', { name: 'Reset Overlay' }).click();
  await first.getByRole('dialog', { name: 'Reset Overlay?' }).getByRole('button', { name: 'Reset Overlay' }).click();
  await expect(first.getByText('Overlay reset')).toBeVisible();
  await first.context().close();
  await second.context().close();
});
