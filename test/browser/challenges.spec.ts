import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, learnerWhoOwnsVagus, signInByApi, signOut } from './support';
import { challengeContent, plausibleAnswers, projectFields } from '../support/challenge-answers';

/** The content file: the test knows the quiz answers and the project's fields, the pages never do. */
const CID = 'vagus-breath-7';
const { dayOf } = challengeContent(CID);
const fieldsOf = (n: number) => projectFields(dayOf(n));

/** A signed-in API client of its own (its own cookies, so the page's session is left alone). */
async function apiAs(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const login = await playwrightRequest.newContext({ baseURL });
  const res = await login.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  await login.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
}

test('a learner completes vagus-breath-7, a studio user grades the last project, and anyone can verify the certificate', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const password = 'student-password-1';
  const email = await learnerWhoOwnsVagus(page);

  // The graph page links the challenge; its page enrols with the browser's time zone.
  await page.goto(`/challenge/${CID}`);
  await expect(page.getByRole('heading', { level: 1, name: '7-Day Breath Reset' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('Your progress')).toBeVisible();

  // Day 1 in the browser: the quiz, the project, the bot's assessment.
  await page.goto(`/challenge/${CID}/day/1`);
  await expect(page.getByRole('heading', { level: 1, name: /Diaphragmatic Breathing/ })).toBeVisible();
  for (const q of dayOf(1).quiz) {
    await page
      .getByRole('radiogroup', { name: q.q })
      .getByRole('radio', { name: q.options[q.answer], exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const quizResult = page.getByRole('region', { name: 'Quiz result' });
  await expect(quizResult.getByText('Passed', { exact: true })).toBeVisible();
  await expect(quizResult).toContainText('Score: 100%');
  // Once passed, the day shows the right answers (issue 27: never before).
  await expect(page.getByText(`Right answer: ${dayOf(1).quiz[0].options[dayOf(1).quiz[0].answer]}`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Project answers' });
  const day1 = plausibleAnswers(dayOf(1));
  for (const [field, answer] of Object.entries(day1)) {
    const label = field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
    await form.getByLabel(label, { exact: true }).fill(answer);
  }
  await page.getByRole('button', { name: 'Submit project' }).click();
  await page.getByRole('button', { name: 'Get bot assessment' }).click();
  await expect(page.getByRole('region', { name: 'Bot assessment' }).getByText('Passed', { exact: true })).toBeVisible();

  // Day 2 is locked until the clock moves a week on.
  await page.goto(`/challenge/${CID}/day/2`);
  await expect(page.getByText('This day is locked')).toBeVisible();
  const admin = await apiAs(baseURL!, 'admin@example.com', DEMO_PASSWORD);
  // The clock goes back whatever happens below: the next test must not start a week ahead.
  let learner: Awaited<ReturnType<typeof apiAs>> | undefined;
  try {
    expect((await admin.put('/api/test/clock', { data: { offsetMs: 8 * 24 * 3600 * 1000 } })).status()).toBe(200);

    // Days 2 to 6 through the API (as the learner); day 7's project answers do not convince the bot.
    learner = await apiAs(baseURL!, email, password);
    for (let d = 2; d <= 7; d++) {
      // Answers are positions in the order the day was served to this learner (options are shuffled per learner).
      const served = (await (await learner.get(`/api/challenges/${CID}/days/${d}`)).json()) as {
        quiz: { options: string[] }[];
      };
      const answers = dayOf(d).quiz.map((q, i) => served.quiz[i].options.indexOf(q.options[q.answer]));
      const quiz = await learner.post(`/api/me/challenges/${CID}/days/${d}/quiz`, { data: { answers } });
      expect(quiz.status()).toBe(200);
      const submission =
        d === 7 ? Object.fromEntries(fieldsOf(d).map((f) => [f.name, 'ok'])) : plausibleAnswers(dayOf(d));
      const bot = await learner.post(`/api/me/challenges/${CID}/days/${d}/bot/assess`, { data: { submission } });
      expect(bot.status()).toBe(200);
      expect(((await bot.json()) as { passed: boolean }).passed).toBe(d !== 7);
    }
    await page.goto(`/challenge/${CID}/day/7`);
    await expect(page.getByText('Project pending review').first()).toBeVisible();

    // A studio user grades the pending project in Review (default score 0.8, passed).
    await signOut(page);
    await signInByApi(page, 'studio@example.com');
    await page.goto('/studio/review');
    await expect(page.getByRole('heading', { name: 'Pending Items' })).toBeVisible();
    await page.getByRole('button', { name: /Day 7/ }).first().click();
    await expect(page.getByLabel('Score')).toHaveValue('0.8');
    await expect(page.getByLabel('Passed')).toBeChecked();
    await page.getByLabel(/rubric notes/i).fill('Short, but the practice was done.');
    await page.getByRole('button', { name: 'Save grade' }).click();
    await expect(page.getByText('No items pending')).toBeVisible();

    // The learner's challenge is complete, with its certificate.
    await page.goto('/dashboard');
    await signOut(page);
    await signInByApi(page, email, password);
    await page.goto(`/challenge/${CID}`);
    await expect(page.getByText('Challenge complete')).toBeVisible();
    // The certificate shows the learner's chosen name (issue 26 §9): this learner gave none at sign-up, so the page
    // asks for it, and reading the progress again issues the certificate.
    await page.getByRole('button', { name: 'Add your name' }).click();
    const naming = page.getByRole('dialog', { name: 'Name on certificates' });
    await naming.getByLabel('Your name').fill('Breath Learner');
    await naming.getByRole('button', { name: 'Save' }).click();
    await expect(naming).toBeHidden();
    const link = page.getByRole('link', { name: 'View your certificate' });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/certificates\/[A-Za-z0-9_-]{22}$/);

    // Anyone, signed out, sees it valid and can download the signed credential.
    const stranger = await browser.newContext({ baseURL });
    const open = await stranger.newPage();
    await open.goto(href!);
    await expect(open.getByText('7-Day Breath Reset').first()).toBeVisible();
    await expect(open.getByText('Verified', { exact: true })).toBeVisible();
    await expect(open.getByText('Breath Learner').first()).toBeVisible();
    const download = open.getByRole('link', { name: 'Download credential (Open Badges 3.0)' });
    const jwt = await (await open.request.get((await download.getAttribute('href'))!)).text();
    expect(jwt.split('.')).toHaveLength(3);
    await stranger.close();

    // The certificate is listed in Studio with its link.
    await signOut(page);
    await signInByApi(page, 'studio@example.com');
    await page.goto('/studio/certificates');
    await expect(page.getByRole('link', { name: href!.split('/').pop()! })).toHaveAttribute('href', href!);
  } finally {
    await admin.put('/api/test/clock', { data: { offsetMs: 0 } });
    await Promise.all([admin.dispose(), learner?.dispose()]);
  }
});
