import { expect, test } from './fixtures';
import { Client } from 'pg';
import { learnerWhoOwnsVagus } from './support';

/** The answer key, read from the database the server under test uses (the browser never sees it). */
async function correctChoices(questionIds: string[]): Promise<Map<string, string>> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select id, correct from quiz_items where subject_id = 'vagus-nerve' and id = any($1)`,
      [questionIds],
    );
    return new Map(rows.map((r) => [r.id, r.correct]));
  } finally {
    await db.end();
  }
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test('a learner takes the diagnostic, sees results and gating, practises three cards and sees stats and mastery change', async ({
  page,
}) => {
  await learnerWhoOwnsVagus(page);

  await page.goto('/mastery');
  await expect(page.getByText('No mastery data yet. Take a diagnostic or practice to begin tracking.')).toBeVisible();

  await page.goto('/graph?subject=vagus-nerve');
  const attempt = page.waitForResponse(
    (r) => /\/api\/quizzes\/q_diag\/attempts$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: 'Take Diagnostic' }).click();
  const { questions } = await (await attempt).json();
  expect(questions.length).toBeGreaterThanOrEqual(8);
  expect(JSON.stringify(questions)).not.toMatch(/"correct"/);

  const key = await correctChoices(questions.map((q: { id: string }) => q.id));
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  for (const q of questions as { id: string; choices: { id: string; textHtml: string }[] }[]) {
    const right = q.choices.find((c) => c.id === key.get(q.id))!;
    await page
      .getByRole('radio', { name: plain(right.textHtml), exact: true })
      .first()
      .check();
  }
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByText(`Score: ${questions.length} of ${questions.length} correct`)).toBeVisible();
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
  await expect(page.getByText('Tags:')).toBeVisible();

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
    await page.getByRole('button', { name: 'Good', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Great job' })).toBeVisible();
    await expect(page.getByText('Session streak: ' + (i + 1))).toBeVisible();
    if (i < 2) await page.getByRole('button', { name: 'Next Question' }).click();
  }
  const completed = page.getByText('Completed Today').locator('..');
  await expect(completed).toContainText('3');
});
