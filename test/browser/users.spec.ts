import { expectNoHorizontalOverflow } from './a11y';
import { expect, test } from './fixtures';
import { learnerWhoOwnsVagus, signInByApi } from './support';

const TAG = 'browser-cohort';
const MODULE_ID = 'everyday-practices';
const MODULE_TITLE = 'Everyday Practices & the Evidence';

test('an admin grants clinician, a tag shown to the learner and a module unlock on a phone; the learner sees all three on /graph', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A learner who owns the vagus course (unlocks are shown to owners), signed in in `page`.
  const email = await learnerWhoOwnsVagus(page);
  await page.goto('/graph?subject=vagus-nerve');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning Graph' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clinician Diagnostic' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Your tags' })).toHaveCount(0);

  // The admin works on a 375 px wide phone.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const admin = await adminContext.newPage();
  // The fixture guards `page` only: the admin's page fails the test on a CSP violation too.
  const violations: string[] = [];
  admin.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(msg.text()))
      violations.push(msg.text());
  });
  try {
    await signInByApi(admin, 'admin@example.com');
    await admin.goto('/studio/users');
    await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    await admin.getByPlaceholder('Search by email').fill(email);
    const cards = admin.getByRole('list', { name: 'Users' }).getByRole('heading', { level: 2 });
    await expect(cards).toHaveText([email]);
    const card = admin
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { level: 2, name: email }) })
      .first();
    await expect(card.getByRole('list', { name: `Roles of ${email}` })).toHaveText('learner');

    // Edit Roles: grant clinician.
    await card.getByRole('button', { name: 'Edit Roles' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Roles' });
    await expect(dialog.getByRole('checkbox', { name: 'learner' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'clinician' }).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText('Roles updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('list', { name: `Roles of ${email}` })).toContainText('clinician');

    // Manage access: a tag (submitted with Enter) and a module unlock of the vagus course.
    const toggle = card.getByRole('button', { name: 'Manage access' });
    await toggle.click();
    await expect(card.getByRole('button', { name: 'Hide access' })).toHaveAttribute('aria-expanded', 'true');
    const panel = card.getByRole('region', { name: `Access of ${email}` });
    await expect(panel.getByText('No tags.')).toBeVisible();
    const tagInput = panel.getByRole('textbox', { name: 'New tag' });
    await tagInput.fill(`  ${TAG}  `);
    await tagInput.press('Enter');
    await expect(admin.getByText('Tag added')).toBeVisible();
    const tags = panel.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect(tags).toHaveCount(1);
    await expect(tags.first()).toContainText(TAG);
    await expect(panel.getByRole('button', { name: `Remove tag ${TAG}` })).toBeVisible();
    // a staff tag is about the learner: hidden from them until shown
    const visible = panel.getByRole('checkbox', { name: `Visible to learner: ${TAG}` });
    await expect(visible).not.toBeChecked();
    await visible.check();
    await expect(admin.getByText('Tag updated')).toBeVisible();
    await expect(visible).toBeChecked();

    const subject = panel.getByRole('combobox', { name: 'Subject' });
    await expect(subject).toContainText('metabolic');
    await subject.click();
    await admin.getByRole('option', { name: /\(vagus-nerve\)$/ }).click();
    await panel.getByRole('textbox', { name: 'Module id' }).fill(MODULE_ID);
    await panel.getByRole('button', { name: 'Add unlock' }).click();
    await expect(admin.getByText('Unlock added')).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Unlocked modules' })).toHaveText(MODULE_ID);

    // The audit trail of the user, newest first.
    const changes = panel.getByRole('list', { name: 'Recent changes' });
    await expect(changes.getByRole('listitem').first()).toContainText(`Unlocked ${MODULE_ID} (vagus-nerve)`);
    await expect(changes).toContainText(`Added tag ${TAG}`);
    await expect(changes).toContainText(`Showed tag ${TAG} to the learner`);
    await expect(changes).toContainText('Roles: learner → learner, clinician');
    await expect(changes).toContainText('by admin@example.com');

    // Nothing on the phone-sized page scrolls sideways.
    await expectNoHorizontalOverflow(admin, '/studio/users at 390 px');
    expect(violations, 'Content-Security-Policy violations on the Studio page').toEqual([]);
  } finally {
    await adminContext.close();
  }

  // The learner, still signed in, reloads the graph: clinician access, the tag and the unlocked module.
  await page.goto('/graph?subject=vagus-nerve');
  await expect(page.getByRole('link', { name: 'Clinician Diagnostic' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your tags' })).toContainText(TAG);
  await expect(page.getByRole('group', { name: 'Unlocked modules' })).toContainText(MODULE_TITLE);
  await page.getByRole('link', { name: 'Clinician Diagnostic' }).click();
  await expect(page).toHaveURL(/diag-clinician/);
});
