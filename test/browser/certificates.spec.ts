import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { challengeContent, plausibleAnswers } from '../support/challenge-answers';
import { pdfText } from '../support/pdf-text';
import { AxeWalk, expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, learnerWhoOwnsVagus } from './support';

/**
 * Certificates people can use (issue 27 §7): a learner finishes a challenge (the test clock opens its days), opens
 * "My certificates" from the Challenges page, downloads the PDF and sees "Verified" on the public page.
 */

const CID = 'vagus-breath-7';
const CHALLENGE_NAME = '7-Day Breath Reset';
const BREATH = challengeContent(CID);
const NAME = 'Zoë Ångström-Σοφία';
const PASSWORD = 'student-password-1';

/** A signed-in API client of its own (its own cookies, so the page's session is left alone). */
async function apiAs(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const login = await playwrightRequest.newContext({ baseURL });
  const res = await login.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  await login.dispose();
  const ctx = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${accessToken}` },
  });
  return Object.assign(ctx, { userId: user.id });
}

test('a learner finishes a challenge, opens My certificates, downloads the PDF and sees Verified', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = await learnerWhoOwnsVagus(page);
  const admin = await apiAs(baseURL!, 'admin@example.com', DEMO_PASSWORD);
  const studio = await apiAs(baseURL!, 'studio@example.com', DEMO_PASSWORD);
  const learner = (await apiAs(baseURL!, email, PASSWORD)) as APIRequestContext & { userId: string };
  const axe = new AxeWalk(page);
  try {
    // The name the certificate shows (asked for before the first certificate; here set beforehand).
    expect((await learner.put('/api/me/profile', { data: { name: NAME } })).status()).toBe(200);

    // No certificates yet: the empty state, linked from the Challenges page.
    await page.goto('/challenges');
    await page.getByRole('link', { name: 'My certificates' }).click();
    await expect(page).toHaveURL(/\/challenges\/certificates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My certificates' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'No certificates yet' })).toBeVisible();
    await axe.scan('My certificates, empty');

    // Enrol on the challenge's page (today, in the browser's time zone), then the test clock moves past day 7.
    await page.goto(`/challenge/${CID}`);
    await page.getByRole('button', { name: 'Enrol' }).click();
    await expect(page.getByText('Your progress')).toBeVisible();
    expect((await admin.put('/api/test/clock', { data: { offsetMs: 8 * 24 * 3600 * 1000 } })).status()).toBe(200);

    // Every day: the quiz right (by the options' text: each learner is served their own order), the project with
    // specific, distinct answers, the bot's assessment.
    for (const d of BREATH.days) {
      const served = (await (await learner.get(`/api/challenges/${CID}/days/${d.day}`)).json()) as {
        quiz: { options: string[] }[];
      };
      const answers = d.quiz.map((q, i) => served.quiz[i].options.indexOf(q.options[q.answer]));
      const quiz = await learner.post(`/api/me/challenges/${CID}/days/${d.day}/quiz`, { data: { answers } });
      expect(quiz.status(), await quiz.text()).toBe(200);
      const submission = plausibleAnswers(d);
      const bot = await learner.post(`/api/me/challenges/${CID}/days/${d.day}/bot/assess`, { data: { submission } });
      expect(bot.status(), await bot.text()).toBe(200);
    }
    // A project the bot leaves to a reviewer (e.g. a narrow pass on the last day) is graded by a studio user.
    const pending = await studio.get(
      `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', userId: learner.userId }))}`,
    );
    expect(pending.status()).toBe(200);
    for (const item of (await pending.json()) as { id: string }[]) {
      const graded = await studio.post(`/api/admin/review/${item.id}/grade`, {
        data: { passed: true, score: 0.9, rubric: { note: 'Specific and complete.' } },
      });
      expect(graded.status(), await graded.text()).toBe(200);
    }
    const progress = await learner.get(`/api/me/challenges/${CID}/progress`);
    expect(await progress.json()).toMatchObject({ completed: true, certificateId: expect.any(String) });

    // My certificates lists it.
    await page.goto('/challenges');
    await page.getByRole('link', { name: 'My certificates' }).click();
    const item = page.getByRole('listitem', { name: CHALLENGE_NAME });
    await expect(item).toBeVisible();
    await expect(item.getByText(`Awarded to ${NAME}`)).toBeVisible();
    await axe.scan('My certificates, one certificate');

    // The PDF downloads, and a PDF parser finds the learner's name and the challenge in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: `Download PDF: ${CHALLENGE_NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^certificate-[A-Za-z0-9_-]{22}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(NAME);
    expect(text).toContain(CHALLENGE_NAME);
    expect(text.toLowerCase()).not.toContain(email.split('@')[0].toLowerCase());

    // The public page says Verified, and Verify again checks it on the server.
    await item.getByRole('link', { name: `View certificate: ${CHALLENGE_NAME}` }).click();
    await expect(page).toHaveURL(/\/certificates\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole('heading', { level: 1, name: CHALLENGE_NAME })).toBeVisible();
    const status = page.getByTestId('certificate-status');
    await expect(status.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText(/content version/i)).toHaveCount(0);
    const verify = page.waitForResponse((r) => /\/api\/certificates\/[^/]+\/verify$/.test(r.url()));
    await page.getByRole('button', { name: 'Verify again' }).click();
    expect((await verify).status()).toBe(200);
    await expect(status.getByText(/^Checked /)).toBeVisible();
    await expect(status.getByText('Verified', { exact: true })).toBeVisible();
    const linkedIn = new URL((await page.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href'))!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(linkedIn.searchParams.get('name')).toBe(CHALLENGE_NAME);
    expect(linkedIn.searchParams.get('certUrl')).toBe(page.url());
    await axe.scan('Certificate page, verified');
    await page.screenshot({ path: test.info().outputPath('certificate-1280.png'), fullPage: true });

    // On a 390 px phone both pages fit, and the badge and actions are there.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'certificate page at 390 px');
    await axe.scan('Certificate page (390)');
    await page.screenshot({ path: test.info().outputPath('certificate-390.png'), fullPage: true });
    await page.goto('/challenges/certificates');
    await expect(page.getByRole('listitem', { name: CHALLENGE_NAME })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'My certificates at 390 px');
    await axe.scan('My certificates (390)');
    await page.screenshot({ path: test.info().outputPath('my-certificates-390.png'), fullPage: true });

    axe.expectClean();
  } finally {
    await admin.put('/api/test/clock', { data: { offsetMs: 0 } });
    await Promise.all([admin.dispose(), studio.dispose(), learner.dispose()]);
  }
});
