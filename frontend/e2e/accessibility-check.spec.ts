// The accessibility check every journey relies on (fixtures.ts) fails on a page with a fault,
// names it, and passes the same page once the fault is gone.
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
