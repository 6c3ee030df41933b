import { expect, test } from './fixtures';
import { DEMO_ADMIN, shot, signedInMember } from './support';

test('the home page loads with its title, header and footer', { tag: '@phone' }, async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Cohort | Home');
  await expect(page.getByRole('heading', { level: 1, name: 'Better medicine together' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up now' }).first()).toBeVisible();
  await expect(page.getByText(`© 2023–${new Date().getFullYear()} Cohort`)).toBeVisible();
  await page.screenshot({ path: shot('home', info.project.name), fullPage: true });
});

test('a system set to reduce motion gets none: nothing fades, slides or spins', async ({ page }) => {
  await page.goto('/');
  const signUp = page.getByRole('banner').getByRole('link', { name: 'Sign up now' });
  const still = /^0s(, 0s)*$/;
  const motion = () => signUp.evaluate((element) => getComputedStyle(element).transitionDuration);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(motion).not.toMatch(still);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(motion).toMatch(still);
});

test('an unknown route shows the 404 and Go back home returns to /', { tag: '@phone' }, async ({ page }, info) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Cohort | Page not found');
  await page.screenshot({ path: shot('404', info.project.name), fullPage: true });
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Cohort | Home');
});

test('a private route sends a signed-out visitor to /login with redirect_to', { tag: '@phone' }, async ({ page }) => {
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

test('the demo admin signs in, lands on redirect_to, and signs out', { tag: '@phone' }, async ({ page, isMobile }, info) => {
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

  // Signed in, the public-only login route goes to the dashboard. The menu is opened once the
  // dashboard has taken over (its heading focused): a click while the redirect re-renders the
  // header can land on the header being replaced, and the menu never opens.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeFocused();

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

test('a keyboard user skips the header, and each new page starts at its heading', async ({ page }, info) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: shot('skip-link', info.project.name) });
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Following a link within the page: focus moves to the new page's main heading, and the
  // page's title is announced.
  const post = page.locator('main').getByRole('link').filter({ has: page.getByRole('heading') }).first();
  const title = (await post.getByRole('heading').first().textContent())!.trim();
  await post.focus();
  await page.keyboard.press('Enter');
  const heading = page.locator('main h1');
  await expect(heading).toHaveText(title);
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: title })).toHaveCount(1);
});

test('the site installs: a web app manifest with its icons, an Apple touch icon and favicon.ico', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Cohort', start_url: '/', display: 'standalone' });
  for (const path of [...manifest.icons.map((icon: { src: string }) => icon.src), '/apple-touch-icon.png', '/favicon.ico']) {
    const icon = await request.get(path);
    expect(icon.status(), path).toBe(200);
    expect(icon.headers()['content-type'], path).toMatch(/^image\//);
  }
});

test('crawlers find robots.txt, the sitemap and the blog feed', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /staff');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  expect(await sitemap.text()).toContain('/working-groups/');
  const feed = await request.get('/blog/atom.xml');
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
});

test('at 320 px the signed-in header reflows and keeps every control on screen', { tag: '@phone' }, async ({ page }, info) => {
  await signedInMember(page, 'narrow');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.locator('header');
  for (const control of await header.getByRole('button').all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    expect(box.x, await control.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await control.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(320);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: shot('header-320', info.project.name) });
});

test('a list keeps its search and filters in the address: shareable, reload-safe, and Back returns to them', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blog');
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('patients');
  await expect(page).toHaveURL(/\/blog\?search=patients$/);
  const first = page.locator('main').getByRole('link').filter({ has: page.getByRole('heading') }).first();
  await expect(first).toContainText(/patients/i);
  await page.reload();
  await expect(search).toHaveValue('patients');
  await first.click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?search=patients$/);
  await expect(search).toHaveValue('patients');

  await page.goto('/projects?sort=ending_soon');
  await expect(page.getByRole('combobox', { name: 'Sorted by' })).toHaveText('Ending soon');
});

test('offline, a banner says what waits, and it all loads when the connection is back', async ({ page, context }, info) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(banner).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('stroke');
  await page.screenshot({ path: shot('offline', info.project.name) });
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a part of the shell whose code cannot be fetched waits and loads later, the page staying whole', async ({ page, context }) => {
  // The connection drops just as the footer's code is fetched (as on a train): that one fetch fails.
  let failed = false;
  await page.route(/\/assets\/Footer-[\w-]+\.js$/, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect.poll(() => failed).toBe(true);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('after a move within the app, the new page’s own title is announced, never the last one’s', async ({ page }) => {
  await signedInMember(page, 'announced');
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Cohort | Dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveTitle('Cohort | My profile');
  await expect(page.getByRole('status').filter({ hasText: /^Cohort \|/ })).toHaveText('Cohort | My profile');
});

test('a signed-in member reaches the dashboard and the feed from the header, or the drawer on a phone', { tag: '@phone' }, async ({ page, isMobile }, info) => {
  await signedInMember(page, 'places');
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const go = async (name: string) => {
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true }).click();
    } else {
      await page.getByRole('navigation', { name: 'Your places' }).getByRole('link', { name, exact: true }).click();
    }
  };
  await go('Feed');
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  if (!isMobile) {
    const places = page.getByRole('navigation', { name: 'Your places' });
    await expect(places.getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
    // Beside the site's menu, the search box and the account's tools, nothing is pushed out.
    const toolbar = page.locator('header .MuiToolbar-root');
    const [scrolled, shown] = await toolbar.evaluate((bar) => [bar.scrollWidth, bar.clientWidth]);
    expect(scrolled).toBeLessThanOrEqual(shown);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();
  }
  await page.screenshot({ path: shot('home-links', info.project.name) });
  await go('Dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});
