import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, shot } from './support';

test('the home page loads with its title, header and footer', async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Cohort | Home');
  await expect(page.getByRole('heading', { level: 1, name: 'Better medicine together' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up now' }).first()).toBeVisible();
  await expect(page.getByText(`© 2023–${new Date().getFullYear()} Cohort`)).toBeVisible();
  await page.screenshot({ path: shot('home', info.project.name), fullPage: true });
});

test('an unknown route shows the 404 and Go back home returns to /', async ({ page }, info) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Cohort | Page not found');
  await page.screenshot({ path: shot('404', info.project.name), fullPage: true });
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Cohort | Home');
});

test('a private route sends a signed-out visitor to /login with redirect_to', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  for (const path of ['/my-projects', '/submit-project', '/submit-project/7']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect_to=${encodeURIComponent(path)}$`));
  }
});

test('a missing page of any kind is titled Page not found', async ({ page }) => {
  for (const path of ['/lgp/no-such-page', '/blog/no-such-post', '/working-groups/no-such-group']) {
    await page.goto(path);
    await expect(page.getByText(/not found/i).first()).toBeVisible();
    await expect(page).toHaveTitle('Cohort | Page not found');
  }
});

test('the demo admin signs in, lands on redirect_to, and signs out', async ({ page, isMobile }, info) => {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill('admin@cohort.local');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');

  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.screenshot({ path: shot('dashboard', info.project.name), fullPage: true });

  // Signed in, the public-only login route goes to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect_to=/);
});

test('login validation shows Required on empty fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
});
