import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { parse } from 'yaml';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, mailLink, pathOf, signIn, uniqueEmail } from './support';

/**
 * The learning loop (issue 26, docs/learning-loop-api.md "Browser journey", steps 3 and 4), as a learner who
 * owns vagus-nerve: a topic's check items give feedback with the correct choice and the explanation, then
 * "Complete and continue" lands on the path's next topic; practice shows the correct answer and the
 * explanation before the rating buttons.
 */

const SUBJECT = 'vagus-nerve';
/** learnerWhoOwns's password (test/browser/support.ts) */
const STUDENT_PASSWORD = 'student-password-1';
const NODES_DIR = join(__dirname, '..', '..', 'content', SUBJECT, 'nodes');

interface PackItem {
  id: string;
  use?: 'check' | 'assessment';
  stem: string;
  choices: { id: string; text: string }[];
  correct: string;
  explanation: string;
}

/** The course's check items from its content pack, by topic: the key the test answers with. */
function checkItemsByTopic(): Map<string, PackItem[]> {
  const out = new Map<string, PackItem[]>();
  for (const file of readdirSync(NODES_DIR).filter((f) => f.endsWith('.yaml'))) {
    const node = parse(readFileSync(join(NODES_DIR, file), 'utf8')) as { id: string; quiz?: PackItem[] };
    out.set(
      node.id,
      (node.quiz ?? []).filter((q) => q.use === 'check'),
    );
  }
  return out;
}

/** Text as a page shows it: tags gone, spaces collapsed. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The item whose stem the page shows. */
function itemByStem(items: PackItem[], shown: string): PackItem {
  const item = items.find((q) => plain(q.stem) === plain(shown));
  expect(item, `a check item with the stem "${shown}"`).toBeDefined();
  return item!;
}

/** A signed-in API client of its own (its own cookies, so the page's session is left alone). */
async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const login = await playwrightRequest.newContext({ baseURL });
  const res = await login.post('/api/auth/login', { data: { email, password: STUDENT_PASSWORD } });
  expect(res.status()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  await login.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
}

interface PathNext {
  type: 'topic' | 'post_test' | 'practice';
  topic?: { id: string; title: string };
}

async function pathNext(api: APIRequestContext, after?: string): Promise<PathNext> {
  const res = await api.get('/api/users/me/path', {
    params: after ? { subjectId: SUBJECT, after } : { subjectId: SUBJECT },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { next: PathNext }).next;
}

test('a topic check teaches, then Complete and continue lands on the next ready topic; practice shows the answer before the rating', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await learnerWhoOwnsVagus(page);
  const api = await apiAs(baseURL!, email);
  const keys = checkItemsByTopic();

  // 3. The first ready topic: its check, item by item, answered right (the key is in the content pack)
  const first = await pathNext(api);
  expect(first.type).toBe('topic');
  const topicId = first.topic!.id;
  const items = keys.get(topicId) ?? [];
  expect(items.length, `${topicId} has at least 2 check items`).toBeGreaterThanOrEqual(2);

  await page.goto(`/node/${topicId}?subject=${SUBJECT}`);
  await expect(page.getByRole('heading', { level: 1, name: first.topic!.title })).toBeVisible({ timeout: 30_000 });
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await expect(check).toBeVisible({ timeout: 30_000 });

  for (let i = 0; i < items.length; i++) {
    await expect(check.getByTestId('check-position')).toHaveText(`Question ${i + 1} of ${items.length}`);
    const item = itemByStem(items, await check.getByTestId('check-stem').innerText());
    // before the answer: nothing revealed
    await expect(check.getByTestId('check-feedback')).toHaveCount(0);
    await expect(check.getByText(/^The correct answer: /)).toHaveCount(0);

    await check.locator(`input[type="radio"][value="${item.correct}"]`).check();
    await check.getByRole('button', { name: 'Check answer' }).click();
    const feedback = check.getByTestId('check-feedback');
    await expect(feedback.getByRole('heading', { name: 'Correct' })).toBeVisible();
    const correctText = item.choices.find((c) => c.id === item.correct)!.text;
    await expect(feedback.getByTestId('check-correct-answer')).toHaveText(`The correct answer: ${plain(correctText)}`);
    await expect(feedback.getByTestId('check-explanation')).toContainText(plain(item.explanation).slice(0, 60));
    if (i < items.length - 1) await feedback.getByRole('button', { name: 'Next question' }).click();
  }

  await expect(check.getByTestId('check-summary')).toContainText(
    `${items.length} of ${items.length} right — topic complete`,
  );
  // where the path goes after this topic, asked of the server once the topic is complete
  const next = await pathNext(api, topicId);
  expect(next.type).toBe('topic');
  expect(next.topic!.id).not.toBe(topicId);
  await check.getByRole('button', { name: 'Complete and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/node/${next.topic!.id}\\?subject=${SUBJECT}$`));
  await expect(page.getByRole('heading', { level: 1, name: next.topic!.title })).toBeVisible();

  // the graph's card of the finished topic says it is complete
  await page.goto(`/graph?subject=${SUBJECT}`);
  await expect(page.getByRole('article', { name: `${first.topic!.title}, complete` })).toBeVisible({
    timeout: 30_000,
  });

  // 4. Practice: the feedback (right or wrong, the correct answer, the explanation) before the rating step
  await page.goto(`/practice?subject=${SUBJECT}`);
  await expect(page.getByText('Cards Due')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start Practice' }).click();
  const card = page.locator('section[aria-labelledby="practice-topic"]');
  const options = card.getByRole('group').first().getByRole('button');
  await expect(options.first()).toBeVisible();
  await expect(page.getByText('How well did you know this?')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Good/ })).toHaveCount(0);

  const question = (await card.locator('#practice-question').innerText()).trim();
  const practised = [...keys.values()].flat().find((q) => plain(q.stem) === plain(question));
  expect(practised, 'practice serves a check item').toBeDefined();
  await options.first().click();

  const feedback = page.getByTestId('practice-feedback');
  await expect(feedback.getByRole('heading', { name: /^(Great job|Not quite)$/ })).toBeVisible();
  const right = practised!.choices[0].id === practised!.correct;
  await expect(feedback.getByRole('heading', { name: right ? 'Great job' : 'Not quite' })).toBeVisible();
  const key = practised!.choices.find((c) => c.id === practised!.correct)!.text;
  await expect(feedback.getByTestId('practice-correct-answer')).toHaveText(`The correct answer: ${plain(key)}`);
  await expect(feedback.getByTestId('practice-explanation')).toContainText(plain(practised!.explanation).slice(0, 60));

  // then the rating step, below the feedback, each rating with its interval
  const rate = page.getByRole('group', { name: 'How well did you know this?' });
  await expect(rate).toBeVisible();
  const feedbackBox = await feedback.boundingBox();
  const rateBox = await rate.boundingBox();
  expect(rateBox!.y).toBeGreaterThan(feedbackBox!.y + feedbackBox!.height - 1);
  for (const label of ['Again', 'Hard', 'Good', 'Easy']) {
    await expect(rate.getByRole('button', { name: new RegExp(`^${label} · \\S`) })).toBeVisible();
  }
  await rate.getByRole('button', { name: /^Good · / }).click();
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeVisible();
  await expect(page.getByTestId('practice-next-due')).toContainText('next review');
  await api.dispose();
});

test('a new learner signs up from Buy, lands in the checkout after confirming, pays, resumes the diagnostic at question 3 and starts from the results', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const password = 'journey-password-1';

  // 1. Buy → sign-in page → "Create an account" keeps where the visitor was going
  await page.goto('/shop?subject=vagus-nerve');
  const featured = page.getByRole('article').filter({ hasText: 'Featured' }).first();
  await featured.getByRole('link', { name: 'Buy Access' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout%2Fstart/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fcheckout%2Fstart/);
  await page.getByLabel('Your name (optional)').fill('Ada Journey');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // the confirmation link from the mail, then a sign-in with nothing in the address: the account remembers the purchase
  await page.goto(pathOf(await mailLink(email, 'verify-email')));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/checkout\/dev\/cs_dev_/);
  await page.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  // one receipt for the purchase
  const receipt = await mailLink(email, 'purchase-receipt');
  expect(pathOf(receipt)).toBe('/graph?subject=vagus-nerve');

  // 2. The diagnostic: reload at question 3 continues at question 3
  await page.goto('/graph?subject=vagus-nerve');
  await page.getByRole('link', { name: 'Take Diagnostic' }).click();
  const results = page.getByRole('heading', { name: 'Results' });
  const number = page.getByTestId('quiz-question-number');
  await expect(number).toHaveText('Question 1', { timeout: 20_000 });
  for (let n = 1; n <= 40; n++) {
    if (n === 3) {
      await page.reload();
      await expect(number).toHaveText('Question 3', { timeout: 20_000 });
    }
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    // the next question, or the results
    await expect(number.filter({ hasText: new RegExp(`^Question ${n + 1}$`) }).or(results)).toBeVisible({
      timeout: 20_000,
    });
    if (await results.isVisible()) break;
  }
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByTestId('quiz-placement')).toHaveText(/^You already know \d+ of 16 topics$/);
  await expect(page.getByText('Not passed', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Passed', { exact: true })).toHaveCount(0);
  const first = (await page.locator('#quiz-first-topic').innerText()).replace(/^First topic: /, '');
  await page.getByTestId('quiz-start').getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Check your understanding' })).toBeVisible({ timeout: 30_000 });
});
