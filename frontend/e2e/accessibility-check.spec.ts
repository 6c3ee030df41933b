// The accessibility check every journey relies on (fixtures.ts) fails on a page with a fault,
// names it, and passes the same page once the fault is gone; a page still loading is checked
// once it has loaded.
import { expect, expectAccessible, test } from './fixtures';

test('the accessibility check names a violation and passes the page without it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A button with no name: WCAG 4.1.2, critical.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    document.querySelector('main')?.append(button);
  });
  const failure = await expectAccessible(page, 'with a nameless button').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('#nameless');
  await page.evaluate(() => document.getElementById('nameless')?.remove());
  await expectAccessible(page, 'without it');
});

test('a page still loading is checked once it has loaded', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // For a second the page shows what a page still loading shows: a spinner where its content
  // (its heading among it) will be.
  await page.evaluate(() => {
    const heading = document.querySelector('h1')!;
    const spinner = document.createElement('div');
    spinner.setAttribute('role', 'status');
    spinner.setAttribute('aria-label', 'Loading');
    spinner.innerHTML = '<span role="progressbar" aria-label="Loading" style="display: inline-block; width: 40px; height: 40px"></span>';
    heading.replaceWith(spinner);
    setTimeout(() => spinner.replaceWith(heading), 1_000);
  });
  await expectAccessible(page, 'as the page loads');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 1 });
});
