import { expect, test } from './fixtures';
import { mailLink, pathOf, signIn, signInByApi, uniqueEmail } from './support';

test('a visitor buys the featured course with the built-in payment page and owns it', async ({ page }) => {
  // An account exists but is signed out, as a returning visitor would be.
  const email = uniqueEmail('buyer');
  const password = 'buyer-password-1';
  expect((await page.request.post('/api/auth/register', { data: { email, password } })).status()).toBe(201);
  await page.goto(pathOf(await mailLink(email, 'verify-email')));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/shop?subject=vagus-nerve');
  await expect(page.getByRole('heading', { name: 'Browse Courses' })).toBeVisible();
  const featured = page.getByRole('article').filter({ hasText: 'Featured' }).first();
  await expect(featured).toContainText('$49.00');
  await featured.getByRole('link', { name: 'Buy Access' }).click();

  // Not signed in: the checkout asks for a sign-in and comes back.
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout%2Fstart/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/checkout\/dev\/cs_dev_/);
  await expect(page.getByText('The Vagus Nerve', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay $49.00' }).click();

  // Back on the dashboard the payment is verified and the parameters leave the address.
  await expect(page).toHaveURL(/\/dashboard$/);
  const myCourses = page.getByRole('region', { name: 'My Courses' });
  await expect(myCourses).toContainText('Vagus');
  await expect(myCourses.getByRole('link', { name: /Study Now/ })).toBeVisible();

  // The subject selector lists the owned course.
  await page.getByRole('combobox', { name: 'Choose subject' }).click();
  await expect(page.getByRole('option', { name: /Vagus/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // The shop now offers Continue instead of Buy Access.
  await page.goto('/shop');
  const card = page.getByRole('article').filter({ hasText: 'Vagus' }).first();
  await expect(card.getByRole('link', { name: 'Continue' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Buy Access' })).toHaveCount(0);
});

test('an unpublished course disappears from the shop', async ({ page }) => {
  await signInByApi(page, 'studio@example.com');
  await page.goto('/studio/subjects');
  // The visibility row (the page also lists subjects under Publish Latest Draft).
  const visibilityRow = () =>
    page
      .getByRole('row', { name: /ai-for-ceos/ })
      .filter({ has: page.getByRole('button', { name: /^(Publish|Unpublish)$/ }) });
  const row = visibilityRow();
  // the Studio's first load on a busy machine: its code, the session, then the list
  await expect(row).toContainText('Published', { timeout: 30_000 });
  await row.getByRole('button', { name: 'Unpublish' }).click();
  await expect(row).toContainText('Unpublished');
  try {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: 'Browse Courses' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Vagus' }).first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'AI for CEOs' })).toHaveCount(0);
  } finally {
    await page.goto('/studio/subjects');
    await visibilityRow().getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(visibilityRow()).toContainText('Published');
  }
  await page.goto('/shop');
  await expect(page.getByRole('article').filter({ hasText: 'AI for CEOs' }).first()).toBeVisible();
});
