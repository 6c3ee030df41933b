import { expect, test } from './fixtures';
import { shot, signedInMember } from './support';

const DARK_BACKGROUND = 'rgb(15, 26, 30)';
const LIGHT_BACKGROUND = 'rgb(246, 248, 249)';

const background = (page: import('./fixtures').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('with the system set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('public pages follow it, each axe-checked in the dark theme', { tag: '@phone' }, async ({ page }, info) => {
    test.setTimeout(120_000);
    for (const [path, heading] of [
      ['/', 'Better medicine together'],
      ['/blog', 'Blog'],
      ['/working-groups/list', 'Working groups'],
      ['/projects', 'Projects'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await background(page)).toBe(DARK_BACKGROUND);
      await page.screenshot({ path: shot(`dark-${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}`, info.project.name), fullPage: true });
    }
  });
});

test('a member picks the dark theme in the account menu, and it stays chosen', { tag: '@phone' }, async ({ page }, info) => {
  await signedInMember(page, 'dark');
  await page.goto('/dashboard');
  expect(await background(page)).toBe(LIGHT_BACKGROUND);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Theme of the system' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Dark theme' }).click();
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
  await expect(page.getByRole('menu')).toBeHidden();
  await page.screenshot({ path: shot('dark-dashboard', info.project.name), fullPage: true });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await background(page)).toBe(DARK_BACKGROUND);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Light theme' }).click();
  await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
});

test("a member's dark choice is on a page from the server before the app has started", { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blog');
  await page.evaluate(() => window.localStorage.setItem('mui-mode', 'dark'));
  // The app's code never arrives: what shows is the server's page and the entry alone.
  await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => route.abort());
  await page.reload({ waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
});
