import { expect, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';

export function uniqueEmail(tag: string) {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

interface Mail {
  to: string;
  template: string;
  date: string;
  link: string;
}

function mailsTo(email: string, template: string): Mail[] {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run browser tests through `npm test`');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === email && m.template === template)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The newest mail of a template to an address, once the worker has written it to MAIL_DIR. */
export async function mailLink(email: string, template: string, timeoutMs = 15000): Promise<string> {
  await expect
    .poll(() => mailsTo(email, template).length, { message: `no ${template} mail to ${email}`, timeout: timeoutMs })
    .toBeGreaterThan(0);
  return mailsTo(email, template).at(-1)!.link;
}

/** The mail links point at PUBLIC_URL; tests open them on the server under test. */
export function pathOf(link: string) {
  const u = new URL(link);
  return u.pathname + u.search;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
}

/**
 * Signs in through the API in this page's browser context: the answer sets the refresh cookie and the session
 * marker, so the next page the test opens restores the session from them, as a reload does. For the tests that are
 * not about signing in; the sign-in form itself is driven in account.spec.ts and keyboard.spec.ts.
 */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { accessToken: string; user: { id: string; email: string } };
  expect(body.user.email).toBe(email);
  const cookies = (await page.context().cookies()).map((c) => c.name);
  expect(cookies).toEqual(expect.arrayContaining(['lp_refresh', 'lp_session']));
  return body;
}

/**
 * A new learner who bought `subject` through the dev payment path at `price` (as its Pay button reads it: `$49.00`),
 * signed in in this page's context. Registration, the mailed confirmation link, the sign-in and the payment go
 * through the API, as the pages send them: the browser journey itself is purchase.spec.ts and learning-loop.spec.ts.
 */
export async function learnerWhoOwns(page: Page, subject: string, priceId: string, price: string) {
  const email = uniqueEmail('student');
  const password = 'student-password-1';
  expect((await page.request.post('/api/auth/register', { data: { email, password } })).status()).toBe(201);
  const token = new URL(await mailLink(email, 'verify-email')).searchParams.get('token');
  const verified = await page.request.post('/api/auth/verify', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { accessToken } = await signInByApi(page, email, password);
  const headers = { authorization: `Bearer ${accessToken}` };
  const created = await page.request.post('/api/checkout/create', { headers, data: { subjectId: subject, priceId } });
  expect(created.status(), await created.text()).toBe(201);
  const { sessionId } = (await created.json()) as { sessionId: string };
  // the dev payment page's price, as its Pay button shows it
  const session = (await (await page.request.get(`/api/checkout/dev/${sessionId}`, { headers })).json()) as {
    amount: number;
    currency: string;
  };
  expect(`${session.currency === 'usd' ? '$' : session.currency}${(session.amount / 100).toFixed(2)}`).toBe(price);
  const paid = await page.request.post(`/api/checkout/dev/${sessionId}/complete`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  return email;
}

/** A new learner who owns vagus-nerve (bought through the dev payment path), signed in in this page. */
export function learnerWhoOwnsVagus(page: Page) {
  return learnerWhoOwns(page, 'vagus-nerve', 'price_vagus_nerve', '$49.00');
}

export async function isFocused(target: Locator) {
  return target
    .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
    .catch(() => false);
}

/** Presses Tab until the target has focus; fails when it is not reached within `max` stops. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reachable with Tab in ${max} stops`).toBeFocused();
}

/**
 * Gives every lecture section of `subject` a one-line Studio speech override (`Section 3, in one line.`), so a
 * speech run's length is the screen's work rather than minutes of a course's lectures through the speech engine.
 * Returns the section ids in their order.
 */
export async function oneLineSpeech(page: Page, accessToken: string, subject: string): Promise<string[]> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  let sectionIds: string[];
  try {
    sectionIds = (
      await db.query<{ id: string }>('select id from lecture_sections where subject_id = $1 order by position, id', [
        subject,
      ])
    ).rows.map((r) => r.id);
  } finally {
    await db.end();
  }
  const put = await page.request.put(`/api/tts/overrides/${subject}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      overrides: Object.fromEntries(sectionIds.map((id, i) => [id, { text: `Section ${i + 1}, in one line.` }])),
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  return sectionIds;
}
