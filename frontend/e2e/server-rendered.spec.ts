import { test as withoutChecks } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { shot } from './support';

// Issue 46: the public pages come from the server whole (crates/app/src/site/prerender.rs), so a
// browser without script, a crawler or a phone on a slow network sees the page at once; with
// script, the app takes the server's page over as it stands.

/** The server's rendering of `path`: asked for until the server has rendered it (the engine
 * renders a page the first time it is asked for, and that first answer may not wait for it). */
async function openRendered(page: Page, path: string) {
  await expect(async () => {
    const response = await page.request.get(path);
    expect(await response.text()).toContain('id="cohort-rendered"');
  }).toPass({ timeout: 20_000 });
  await page.goto(path);
}

/** The demo's first project with backers, as the API gives it. */
async function fundedProject(page: Page) {
  const response = await page.request.get('/api/projects?perPage=50');
  const { data } = (await response.json()) as { data: { slug: string; title: string; funding: { raised_cents: number } }[] };
  const project = data.find((p) => p.funding.raised_cents > 0);
  if (!project) throw new Error('the demo has no project with backers');
  return project;
}

// axe, which every other journey runs, is script: these pages are checked by it in the journey
// below, as the app shows them.
withoutChecks.describe('without script', () => {
  withoutChecks.use({ javaScriptEnabled: false });

  withoutChecks('a project, a post and a group are read whole', { tag: '@phone' }, async ({ page }, info) => {
    const project = await fundedProject(page);
    await openRendered(page, `/project/${project.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
    const raised = `CA$${(project.funding.raised_cents / 100).toLocaleString('en-CA')}`;
    await expect(page.getByText(raised, { exact: false }).first()).toBeVisible();
    await page.screenshot({ path: shot('no-script-project', info.project.name) });

    const posts = await (await page.request.get('/api/blog/api/pages?perPage=1')).json();
    const post = posts.data[0] as { slug: string; title: string };
    await openRendered(page, `/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await page.screenshot({ path: shot('no-script-post', info.project.name) });

    await openRendered(page, '/working-groups/list');
    const first = page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(first.first()).toBeVisible();
    await page.screenshot({ path: shot('no-script-groups-list', info.project.name) });
    const groups = await (await page.request.get('/api/groups?perPage=1')).json();
    const group = groups.data[0] as { slug: string; title: string };
    await openRendered(page, `/working-groups/${group.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: group.title })).toBeVisible();
    await page.screenshot({ path: shot('no-script-group', info.project.name) });
  });

  withoutChecks('every other public page is read whole', { tag: '@phone' }, async ({ page }, info) => {
    const lectures = await (await page.request.get('/api/expert-lectures?perPage=1')).json();
    const lecture = lectures.data[0] as { id: number; title: string };
    for (const [name, path, heading] of [
      ['landing', '/', 'Better medicine together'],
      ['blog', '/blog', 'Blog'],
      ['projects', '/projects', 'Projects'],
      ['needs', '/needs', 'Needs'],
      ['results', '/results', 'Results tracker'],
      ['lectures', '/lecture-series', 'Hear from the experts'],
      ['lecture', `/lecture-series/${lecture.id}`, lecture.title],
      ['content-page', '/pages/our-model', 'Our model'],
      ['about', '/about', 'About Cohort'],
      ['terms', '/terms-of-use', 'Terms of use'],
    ] as const) {
      await openRendered(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.screenshot({ path: shot(`no-script-${name}`, info.project.name) });
    }
  });
});

test('with script, the app takes the server page over without a fault or a shift, and works', { tag: '@phone' }, async ({ page }) => {
  const faults: string[] = [];
  page.on('pageerror', (error) => faults.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') faults.push(message.text());
  });
  // The layout shifts the page makes from its first paint on.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const project = await fundedProject(page);
  const posts = await (await page.request.get('/api/blog/api/pages?perPage=1')).json();
  // Lists the other journeys add to while this one runs (the page from the server then
  // shows what was there a moment ago, and the app the newest) are checked for faults only;
  // pages no journey changes, for shifts too.
  const lists = ['/', '/blog', '/projects'];
  const steady = [`/project/${project.slug}`, `/blog/${posts.data[0].slug}`, '/lecture-series/1', '/about'];
  for (const path of [...lists, ...steady]) {
    await openRendered(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    if (steady.includes(path)) expect(shifts, `layout shift on ${path}`).toBeLessThan(0.02);
  }
  // Taken over: the app answers, and moves to another page within itself.
  await page.getByRole('banner').getByRole('link', { name: 'Sign up now' }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(faults, 'no fault while the app takes the pages over').toEqual([]);
});

/** Loads the page again with the app's code held back (its page stays the server's); the
 * function returned lets the code through. */
async function reloadHoldingTheApp(page: Page): Promise<() => void> {
  let letThrough = () => {};
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: 'load' });
  return letThrough;
}

test("a tap on a button before the app has started is answered once it has", { tag: '@phone' }, async ({ page }) => {
  const groups = await (await page.request.get('/api/groups?perPage=50')).json();
  const group = (groups.data as { slug: string; active_status: string; approved_status: string }[]).find(
    (g) => g.active_status === 'active' && g.approved_status === 'approved',
  );
  if (!group) throw new Error('the demo has no open working group');
  await openRendered(page, `/working-groups/${group.slug}`);
  // The app's code is held back until the visitor has tapped the server's button.
  const letThrough = await reloadHoldingTheApp(page);
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  await page.getByRole('button', { name: 'Private member join', exact: true }).click();
  letThrough();
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('dialog', { name: 'Sign in to join' })).toBeVisible();
});

test('what a visitor types before the app has started is kept, and the app searches for it', { tag: '@phone' }, async ({ page }) => {
  await openRendered(page, '/working-groups/list');
  // The app's code is held back until the visitor has typed.
  const letThrough = await reloadHoldingTheApp(page);
  const search = page.getByLabel('Search', { exact: true });
  await search.click();
  await page.keyboard.type('ageing');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  letThrough();
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await expect(search).toHaveValue('ageing');
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/[?&]search=ageing/);
});

/** Whether the app has taken the page over, after the page has had time to (its scripts
 * are fetched once its picture has shown; the app would start within a second or two). */
async function takenOverAfterAWhile(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  return (await page.locator('html').getAttribute('data-app')) === 'started';
}

// The base test, whose page.goto does not reach for the page as every other journey's does.
withoutChecks("a visitor's page stays the server's until they use it or look at what only the app fills", { tag: '@phone' }, async ({ page }, info) => {
  const groups = await (await page.request.get('/api/groups?perPage=50')).json();
  const group = (groups.data as { slug: string }[])[0];
  // A group's discussion is left to the app: scrolled to, the app starts to fill it (on a
  // wide screen it is in the first one, and the app starts at once).
  await openRendered(page, `/working-groups/${group.slug}`);
  if (info.project.name === 'phone') {
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });

  const posts = await (await page.request.get('/api/blog/api/pages?perPage=1')).json();
  await openRendered(page, `/blog/${posts.data[0].slug}`);
  expect(await takenOverAfterAWhile(page), 'a visitor who only reads runs no app').toBe(false);
  // Its scripts are in the browser's cache by then, fetched without being run.
  expect(await page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
  await page.mouse.move(40, 40);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });

  // A visitor who came for a place in the page (a link to the discussion) gets the app at once.
  await openRendered(page, `/working-groups/${group.slug}#discussion`);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
});
