import { expect, test } from './fixtures';
import { DEMO_ADMIN, keptDemoLogins, shot } from './support';

/*
 * A newcomer's first start: the binary printed the demo admin's random password once and
 * kept it in the data dir. Signing in with it leads to "Choose a new password", and
 * nothing else works until one is chosen. The journeys that follow use the chosen one.
 */
test('the demo admin signs in with the printed password and must choose a new one', async ({ page, request }, info) => {
  const given = keptDemoLogins().get(DEMO_ADMIN.email);
  expect(given, 'the binary kept the demo admin login').toBeTruthy();
  expect(given).not.toBe('cohort-demo-admin');

  const anonymous = await request.get('/api/dev/mailbox');
  expect(anonymous.status(), 'the dev mailbox answers only staff').toBe(404);

  await page.goto('/login?redirect_to=%2Fstaff');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(given!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/choose-password\?redirect_to=%2Fstaff$/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveTitle(/Choose a new password/);

  // Any other page sends the admin back here until the password is changed.
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/choose-password\?redirect_to=%2Ffeed$/);
  await page.screenshot({ path: shot('choose-password', info.project.name), fullPage: true });

  await page.getByLabel('Current password').fill(given!);
  await page.getByLabel('New password', { exact: true }).fill(given!);
  await page.getByLabel('Confirm new password').fill(given!);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Choose a password other than the one you were given.')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByLabel('Confirm new password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await page.screenshot({ path: shot('dev-mailbox-staff', info.project.name), fullPage: true });
});
