import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

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

/** A new learner who bought `subject` through the dev payment path (its price button reads `Pay {price}`), signed in in this page. */
export async function learnerWhoOwns(page: Page, subject: string, priceId: string, price: string) {
  const email = uniqueEmail('student');
  const password = 'student-password-1';
  expect((await page.request.post('/api/auth/register', { data: { email, password } })).status()).toBe(201);
  await page.goto(pathOf(await mailLink(email, 'verify-email')));
  // The page confirms the address with a call of its own: wait for it before leaving (a slow machine).
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/checkout/start?subject=${subject}&priceId=${priceId}`);
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  // The return address may carry the checkout session (?checkout=success&session_id=…).
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  return email;
}

/** A new learner who owns vagus-nerve (bought through the dev payment path), signed in in this page. */
export function learnerWhoOwnsVagus(page: Page) {
  return learnerWhoOwns(page, 'vagus-nerve', 'price_vagus_nerve', '$49.00');
}
