import { expect, test } from './fixtures';
import { Client } from 'pg';
import { learnerWhoOwnsVagus } from './support';

/** The items' answer keys, read from the database the server under test uses (the browser never sees them). */
async function answerKey(): Promise<Map<string, { correct: string; choices: { id: string; text: string }[] }>> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(`select id, correct, choices from quiz_items where subject_id = 'vagus-nerve'`);
    return new Map(rows.map((r) => [r.id, { correct: r.correct, choices: r.choices }]));
  } finally {
    await db.end();
  }
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test('a learner takes the adaptive diagnostic by keyboard, sees each topic, what is ready to learn and the map, then practises', async ({
  page,
}) => {
  // up to 20 questions answered through the real engine, then practice: more than the default minute
  test.setTimeout(240_000);
  await learnerWhoOwnsVagus(page);

  await page.goto('/mastery');
  await expect(page.getByText('No mastery data yet. Take a diagnostic or practice to begin tracking.')).toBeVisible();

  await page.goto('/graph?subject=vagus-nerve');
  const attempt = page.waitForResponse(
    (r) => /\/api\/quizzes\/q_diag\/attempts$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: 'Take Diagnostic' }).click();
  const started = await (await attempt).json();
  expect(started.questions).toHaveLength(1);
  expect(JSON.stringify(started)).not.toMatch(/"correct"/);
  const key = await answerKey();

  // One question at a time, by keyboard only: Tab to the choices, arrows to the one wanted, Enter submits.
  // The first answer right, every other one wrong.
  let question: { id: string; choices: { id: string; textHtml: string }[] } | null = started.question;
  let n = 0;
  while (question) {
    n++;
    await expect(page.getByTestId('quiz-question-number')).toHaveText(`Question ${n}`);
    await expect(page.getByTestId('quiz-progress')).toContainText(/About \d+ more question/);
    const k = key.get(question.id)!;
    const want = n === 1 ? k.correct : k.choices.map((c) => String(c.id)).find((c) => c !== k.correct)!;
    const wantText = plain(question.choices.find((c) => c.id === want)!.textHtml);
    for (
      let i = 0;
      i < 12 && !(await page.evaluate(() => document.activeElement?.getAttribute('type') === 'radio'));
      i++
    )
      await page.keyboard.press('Tab');
    const target = page.getByRole('radio', { name: wantText, exact: true });
    for (let i = 0; i < 8 && !(await target.isChecked()); i++) await page.keyboard.press('ArrowDown');
    await expect(target).toBeChecked();
    const answered = page.waitForResponse((r) => /\/api\/attempts\/[^/]+\/answer$/.test(r.url()));
    await page.keyboard.press('Enter');
    const step = await (await answered).json();
    question = step.done ? null : step.question;
    expect(n).toBeLessThanOrEqual(20);
  }

  const results = page.getByRole('heading', { name: 'Results' });
  await expect(results).toBeVisible();
  await expect(results).toBeFocused();
  await expect(page.getByText(`Score: 1 of ${n} correct`)).toBeVisible();
  await expect(page.getByText('Not passed', { exact: true })).toBeVisible();
  const topics = page.getByTestId('quiz-topics').getByRole('listitem');
  await expect(topics).toHaveCount(16);
  await expect(page.getByTestId('quiz-topics').getByText('Beginner').first()).toBeVisible();

  // /graph: what is ready to learn now comes first, and the map marks it
  await page.goto('/graph?subject=vagus-nerve');
  const ready = page.getByRole('region', { name: 'Ready to learn' });
  await expect(ready.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
  const firstReady = (await ready.getByRole('link').first().textContent())!.trim();
  await page.getByRole('button', { name: 'Map' }).click();
  const map = page.getByTestId('graph-map');
  await expect(map.locator('button[data-level]').first()).toBeVisible();
  expect(await map.locator('button[data-ready="true"]').count()).toBeGreaterThan(0);
  await map.screenshot({ path: 'test-results/graph-map.png' });
  await map.locator('button[data-ready="true"]', { hasText: firstReady }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: firstReady })).toBeVisible();

  // the dashboard's Continue Learning goes there too
  await page.goto('/dashboard?subject=vagus-nerve');
  await expect(page.getByRole('link', { name: /Continue Learning/ })).toContainText(`Next: ${firstReady}`);

  await page.goto('/mastery');
  await expect(page.getByRole('heading', { name: 'Learning Mastery' })).toBeVisible();
  await expect(page.getByText('No mastery data yet. Take a diagnostic or practice to begin tracking.')).toHaveCount(0);

  await page.goto('/practice?subject=vagus-nerve');
  await expect(page.getByText('Cards Due')).toBeVisible();
  await page.getByRole('button', { name: 'Start Practice' }).click();
  for (let i = 0; i < 3; i++) {
    await expect(page.getByText('How well did you know this?')).toBeHidden();
    // The card's options: buttons in the question's group, inside the topic's region.
    await page.getByRole('region').getByRole('group').getByRole('button').first().click();
    // the feedback comes first: right or wrong, the correct answer, then the rating with its interval
    await expect(page.getByRole('heading', { name: /^(Great job|Not quite)$/ })).toBeVisible();
    await expect(page.getByText(/^The correct answer: /)).toBeVisible();
    await page.getByRole('button', { name: /^Good · / }).click();
    await expect(page.getByRole('button', { name: 'Next Question' })).toBeVisible();
    await expect(page.getByText('Session streak: ' + (i + 1))).toBeVisible();
    if (i < 2) await page.getByRole('button', { name: 'Next Question' }).click();
  }
  const completed = page.getByText('Completed Today').locator('..');
  await expect(completed).toContainText('3');
});
