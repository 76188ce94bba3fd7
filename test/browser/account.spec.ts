import { expect, test } from './fixtures';
import { DEMO_PASSWORD, mailLink, pathOf, signIn, signOut, uniqueEmail } from './support';

test('a visitor registers, verifies by the mailed link, signs in and signs out', async ({ page }) => {
  const email = uniqueEmail('browser');
  const password = 'my-new-learning-pass';

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await expect(page.getByText('Passwords do not match')).toBeHidden();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // Signing in before confirming is refused with the server's message.
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Email not confirmed');

  const link = await mailLink(email, 'verify-email');
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const name = email.split('@')[0];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Good (morning|afternoon|evening), ${name}$`),
  );

  // The session survives a reload (refresh cookie), and the user menu shows the account.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await expect(page.getByRole('menu')).toContainText('learner');
  await page.keyboard.press('Escape');

  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'first-password-1' } });
  expect(res.status()).toBe(201);
  await page.goto(pathOf(await mailLink(email, 'verify-email')));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: /Forgot your password/ }).click();
  await expect(page).toHaveURL(/\/request-reset$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const link = await mailLink(email, 'reset-password');
  expect(link).toContain('/reset-password?token=');
  await page.goto(pathOf(link));
  await page.getByLabel('New Password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm Password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, email, 'first-password-1');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-in returns to the page that asked for it', async ({ page }) => {
  await page.goto('/notes?subject=metabolic');
  await expect(page).toHaveURL(/\/login\?next=/);
  await signIn(page, 'learner@example.com');
  await expect(page).toHaveURL(/\/notes\?subject=metabolic$/);
});

for (const unsafe of [
  'https://evil.example/dashboard',
  '//evil.example/graph',
  'javascript:alert(1)',
  '/login',
  '/studio/unknown',
]) {
  test(`an unsafe next target (${unsafe}) is refused and the user lands on /dashboard`, async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent(unsafe)}`);
    await signIn(page, 'learner@example.com');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });
}

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(errors.join('\n')).toContain('/no/such/page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a learner opening the Studio is sent to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'learner@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Studio' })).toHaveCount(0);
  await page.goto('/studio/versions');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a studio user sees the Studio hub', async ({ page }) => {
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/login\?next=%2Fstudio/);
  await signIn(page, 'studio@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/studio\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
  for (const card of [
    'Versions',
    'Subjects',
    'Users',
    'Media',
    'TTS',
    'TTS Video',
    'Jobs',
    'Review',
    'Certificates',
    'Analytics',
  ]) {
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${card}\\b`) })
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('main').getByText('Migrate')).toHaveCount(0);

  // The learner site shows the Studio link to studio users.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Studio' })).toBeVisible();
});
