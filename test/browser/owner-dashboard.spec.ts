import { type APIRequestContext, type Browser, request as playwrightRequest } from '@playwright/test';
import { Client } from 'pg';
import { AxeWalk, expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, learnerWhoOwnsVagus, signInByApi } from './support';

/**
 * The owner's dashboard (issue 29 item 6): a learner buys a course through the dev payment path, then answers,
 * a diagnostic, a refunded sale and a failed job are seeded in the database the server uses; the Studio hub
 * shows each figure as the API computes it, moved by exactly what was added, with money for the admin only;
 * Analytics shows the funnels.
 */

interface Figures {
  newLearners: { current: number };
  activeLearners: { current: number };
  diagnosticTakers: { current: number };
  failedJobs: { current: number };
  pendingReview: number;
}
interface Dashboard {
  figures: Figures;
  revenue?: { netCurrent: { currency: string; amount: number }[] };
}

function last30Days(): string {
  const now = new Date();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - 29 * 86_400_000);
  return `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
}

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const login = await playwrightRequest.newContext({ baseURL });
  const res = await login.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  await login.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
}

async function dashboard(api: APIRequestContext): Promise<Dashboard> {
  const res = await api.get(`/api/admin/dashboard?${last30Days()}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Dashboard;
}

const usd = (d: Dashboard) => d.revenue?.netCurrent.find((n) => n.currency === 'usd')?.amount ?? 0;

async function seedActivity(email: string) {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const {
      rows: [{ id }],
    } = await db.query(`select id from users where email = $1`, [email]);
    const {
      rows: [item],
    } = await db.query(
      `select node_id, id from quiz_items where subject_id = 'vagus-nerve' and use = 'check' order by node_id, id limit 1`,
    );
    await db.query(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       values (gen_random_uuid(), $1, 'vagus-nerve', $2, $3, 'check', 'a', true, true, now())`,
      [id, item.node_id, item.id],
    );
    await db.query(
      `insert into quiz_attempts (id, user_id, subject_id, kind, question_ids, status, submitted_at)
       values (gen_random_uuid(), $1, 'vagus-nerve', 'q_diag', '[]', 'submitted', now())`,
      [id],
    );
    await db.query(
      `insert into checkout_sessions (id, provider, user_id, subject_id, price_id, amount, currency, status, payment_intent_id, completed_at)
       values ('cs_refunded_' || gen_random_uuid(), 'dev', $1, 'metabolic', 'price_metabolic', 2900, 'usd', 'refunded', 'pi_' || gen_random_uuid(), now())`,
      [id],
    );
    await db.query(
      `insert into generation_jobs (id, kind, queue, status, input, error, finished_at)
       values ('failed-' || gen_random_uuid(), 'crawl-sources', 'crawl', 'failed', '{}', 'seeded', now())`,
    );
  } finally {
    await db.end();
  }
}

async function studioPage(browser: Browser, email: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page, email);
  return { context, page };
}

test('the Studio hub and Analytics show the owner figures from seeded payments and activity', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await apiAs(baseURL!, 'admin@example.com');
  const studio = await apiAs(baseURL!, 'studio@example.com');
  const before = await dashboard(admin);

  // a real sale (the dev payment path) and a new learner, then activity, a refund and a failed job
  const email = await learnerWhoOwnsVagus(page);
  await seedActivity(email);
  const after = await dashboard(admin);
  expect(after.figures.newLearners.current).toBe(before.figures.newLearners.current + 1);
  expect(after.figures.activeLearners.current).toBe(before.figures.activeLearners.current + 1);
  expect(after.figures.diagnosticTakers.current).toBe(before.figures.diagnosticTakers.current + 1);
  expect(after.figures.failedJobs.current).toBe(before.figures.failedJobs.current + 1);
  // the refunded sale adds nothing to net revenue; the paid one adds its price
  expect(usd(after)).toBe(usd(before) + 4900);

  const { context, page: hub } = await studioPage(browser, 'admin@example.com', 1280);
  const axe = new AxeWalk(hub);
  try {
    await hub.goto('/studio/');
    const figures = hub.getByRole('list', { name: 'Figures' });
    await expect(figures).toBeVisible({ timeout: 20_000 });
    const figure = (name: string) => figures.getByRole('listitem', { name, exact: true });
    await expect(figure('New learners')).toContainText(String(after.figures.newLearners.current));
    await expect(figure('Active learners')).toContainText(String(after.figures.activeLearners.current));
    await expect(figure('Diagnostic takers')).toContainText(String(after.figures.diagnosticTakers.current));
    await expect(figure('Failed jobs')).toContainText(String(after.figures.failedJobs.current));
    await expect(figure('Pending review')).toContainText(String(after.figures.pendingReview));
    await expect(figure('Net revenue (USD)')).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(usd(after) / 100),
    );
    await expect(figure('New learners')).toContainText(/[▲▼=]/);
    await expect(hub.getByRole('img', { name: /^Active learners per day from/ })).toBeVisible();
    const sales = hub.getByRole('table', { name: 'Sales by course' });
    await expect(sales.getByRole('row', { name: /vagus-nerve/ })).toBeVisible();
    await expect(sales.getByRole('row', { name: /metabolic/ })).toContainText('$29.00');
    // the Studio's cards are still there under the figures
    await expect(hub.getByRole('list', { name: 'Studio screens' }).getByRole('listitem')).toHaveCount(10);
    await hub.screenshot({ path: test.info().outputPath('hub-admin.png'), fullPage: true });
    await axe.scan('Studio hub with figures (admin)');

    // the period picker by keyboard
    const seven = hub.getByRole('button', { name: 'Last 7 days' });
    await seven.focus();
    const reply = hub.waitForResponse((r) => r.url().includes('/api/admin/dashboard?') && r.status() === 200);
    await hub.keyboard.press('Enter');
    await reply;
    await expect(seven).toHaveAttribute('aria-pressed', 'true');

    // a figure with a list links to it
    await figure('Failed jobs').getByRole('link').click();
    await expect(hub).toHaveURL(/\/studio\/jobs$/);

    // Analytics: the spec's two lists and a funnel per challenge
    await hub.goto('/studio/analytics');
    await expect(hub.getByRole('list', { name: 'Enrollments' })).toBeVisible({ timeout: 20_000 });
    await expect(hub.getByRole('list', { name: 'Certificates' })).toBeVisible();
    const funnel = hub.getByRole('region', { name: 'Funnel: vagus-breath-7' });
    await expect(funnel.getByRole('listitem').first()).toContainText('Enrolled');
    await expect(funnel.getByRole('listitem').last()).toContainText('Certificate');
    await axe.scan('Analytics with funnels');
    axe.expectClean();
  } finally {
    await context.close();
  }

  // the studio role: the same figures, no money; usable at 390 px
  const studioView = await dashboard(studio);
  expect(studioView.revenue).toBeUndefined();
  const phone = await studioPage(browser, 'studio@example.com', 390);
  try {
    await phone.page.goto('/studio/');
    const figures = phone.page.getByRole('list', { name: 'Figures' });
    await expect(figures).toBeVisible({ timeout: 20_000 });
    await expect(figures.getByRole('listitem', { name: 'New learners', exact: true })).toContainText(
      String(studioView.figures.newLearners.current),
    );
    await expect(phone.page.getByText(/Net revenue/)).toHaveCount(0);
    await expect(phone.page.getByRole('table', { name: 'Sales by course' })).toHaveCount(0);
    await expectNoHorizontalOverflow(phone.page, 'Studio hub at 390 px');
    await phone.page.screenshot({ path: test.info().outputPath('hub-studio-390.png'), fullPage: true });
    const phoneAxe = new AxeWalk(phone.page);
    await phoneAxe.scan('Studio hub at 390 px (studio)');
    phoneAxe.expectClean();
  } finally {
    await phone.context.close();
    await admin.dispose();
    await studio.dispose();
  }
});
