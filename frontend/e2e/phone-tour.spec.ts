// Every screen at phone width: the behaviour journeys run once, on the desktop project (and those
// whose layout a phone changes, tagged @phone, on the phone too); this tour opens each remaining
// screen on the phone and holds it to what a phone needs: it renders its heading, nothing runs
// off the side of the screen, and axe finds nothing serious (the fixtures' check, run at each
// screenshot).
import { expect, test, type Page } from './fixtures';
import { adminToken, approvedGroup, auth, person, shot, signInAs, PASSWORD, DEMO_ADMIN } from './support';

/** Opens `path`, waits for its page heading, and checks it fits the screen's width; the
 * screenshot is named `name` (the path by default). */
async function visit(page: Page, path: string, project: string, name = path) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 15_000 });
  // Lists and details load after the heading: measure once they have.
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot(`tour${name.replaceAll('/', '-')}`, project) });
}

test('every signed-out screen fits a phone', { tag: '@phone' }, async ({ page }, info) => {
  for (const path of ['/login', '/register', '/register-lite', '/forgot-password', '/contact-us', '/lecture-series', '/about', '/faq', '/working-groups/list']) {
    await visit(page, path, info.project.name);
  }
});

test('every member screen fits a phone', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(180_000);
  const owner = await person(page.request, 'tour');
  const group = await approvedGroup(page, owner, `Phone tour ${Date.now()}`);
  const topic = await page.request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(owner.token),
    data: { text: '<p>What helped you sleep in the first months after a stroke?</p>' },
  });
  expect(topic.ok(), await topic.text()).toBe(true);
  await signInAs(page, owner.email, PASSWORD);
  for (const path of [
    '/dashboard',
    '/feed',
    '/notifications',
    '/messages',
    '/events',
    '/my-profile',
    '/my-profile/edit-profile',
    '/my-profile/affiliations',
    '/my-profile/notifications',
    '/my-profile/pledges',
    '/my-profile/audit',
    '/my-profile/api-tokens',
    '/certificates/verify',
    '/my-profile/following',
    '/search?q=sleep',
    '/working-groups/my',
    '/working-groups/my/joined',
    '/working-groups/my/applied',
    '/working-groups/create',
    `/working-groups/edit/${group.slug}`,
    `/working-groups/${group.slug}`,
    `/working-groups/${group.slug}?tab=webhooks`,
    `/group-updates/${group.id}`,
    '/my-projects',
    '/submit-project',
    '/certificates',
    '/projects',
    '/needs',
  ]) {
    const name = path.replace(group.slug, 'group').replace(String(group.id), 'group').replace('?tab=', '-');
    await visit(page, path, info.project.name, name);
  }
});

test('every staff console screen fits a phone', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(180_000);
  await adminToken(page.request);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const section of [
    '',
    '/reports',
    '/reports?view=log',
    '/groups',
    '/group-updates',
    '/project-updates',
    '/projects',
    '/funding',
    '/affiliations',
    '/messages',
    '/signups',
    '/blog',
    '/blog-categories',
    '/pages',
    '/menus',
    '/banners',
    '/lectures',
    '/quizzes',
    '/lookups',
    '/users',
    '/users/new',
    '/audit',
    '/webhooks',
  ]) {
    await visit(page, `/staff${section}`, info.project.name);
  }
});
