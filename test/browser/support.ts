import { expect, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';

export function uniqueEmail(tag: string) {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The newest mail of a template to an address, as the worker wrote it to MAIL_DIR. */
export async function mailLink(email: string, template: string, timeoutMs = 15000): Promise<string> {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run browser tests through `npm test`');
  const started = Date.now();
  for (;;) {
    const mails = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
      .filter((m) => m.to === email && m.template === template)
      .sort((a, b) => a.date.localeCompare(b.date));
    if (mails.length) return mails[mails.length - 1].link;
    if (Date.now() - started > timeoutMs) throw new Error(`no ${template} mail to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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
