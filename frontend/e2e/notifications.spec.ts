import { expect, expectAccessible, test } from './fixtures';
import { approvedGroup, auth, joined, openSelect, PASSWORD, person, shot, signInAs } from './support';

test('the bell rises live when a join request is approved, resets when opened, and leads to the group', async ({ page }, info) => {
  test.setTimeout(60_000);
  const owner = await person(page.request, 'approver');
  const member = await person(page.request, 'waiting');
  const group = await approvedGroup(page, owner, `Live circle ${Date.now()}`);
  const sent = await page.request.post(`/api/groups/${group.slug}/join-requests`, { headers: auth(member.token), data: { message: 'Hello' } });
  expect(sent.status()).toBe(201);

  await signInAs(page, member.email, PASSWORD);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
  // Give the live channel a moment to open, then the owner approves through the API.
  await page.waitForTimeout(500);
  const requests = (await (await page.request.get(`/api/groups/${group.slug}/join-requests`, { headers: auth(owner.token) })).json()).data;
  const accepted = await page.request.post(`/api/groups/${group.slug}/join-requests/${requests[0].id}/accept`, { headers: auth(owner.token) });
  expect(accepted.ok()).toBe(true);
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread', { timeout: 5_000 });
  await page.screenshot({ path: shot('bell-raised', info.project.name) });

  await bell.click();
  const popover = page.getByRole('region', { name: 'Notifications' });
  await expect(popover.getByText('Join request accepted')).toBeVisible();
  await expect(popover.getByText(`You are now a member of ${group.title}.`)).toBeVisible();
  await page.screenshot({ path: shot('bell-open', info.project.name) });
  expect(await popover.evaluate((el) => el.closest('.MuiPopover-paper')!.getBoundingClientRect().height)).toBeLessThanOrEqual(350);
  await popover.getByRole('link', { name: /Join request accepted/ }).click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}$`));
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeVisible();
});

test('the feed shows a new discussion with a Reply button that leads to the thread', async ({ page }, info) => {
  test.setTimeout(60_000);
  const owner = await person(page.request, 'feeder');
  const member = await person(page.request, 'reader');
  const group = await approvedGroup(page, owner, `Feed circle ${Date.now()}`);
  await joined(page.request, group.slug, owner, member);
  const text = `Who has tried mirror therapy? ${info.project.name} ${Date.now()}`;
  // A long word or address wraps inside its card instead of widening the page.
  const longWord = `https://example.org/${'mirror-therapy-'.repeat(12)}`;
  const posted = await page.request.post(`/api/groups/${group.id}/discussions`, { headers: auth(owner.token), data: { text: `<p>${text} ${longWord}</p>` } });
  expect(posted.status()).toBe(201);

  await signInAs(page, member.email, PASSWORD);
  await page.goto('/feed');
  await expect(page).toHaveTitle('Cohort | Feed');
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  const entry = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: text });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText('Working group discussion created')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: shot('feed', info.project.name), fullPage: true });
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await openSelect(page.getByRole('combobox', { name: 'Event' }));
  await page.getByRole('option', { name: 'Working group created' }).click();
  const created = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
  await expect(created.getByText('Working group created')).toBeVisible();
  await expect(created.getByRole('link', { name: 'Reply' })).toHaveCount(0);
  await openSelect(page.getByRole('combobox', { name: 'Event' }));
  await page.getByRole('option', { name: 'All events' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await entry.getByRole('link', { name: 'Reply' }).click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}#discussion$`));
  await expect(page.getByRole('region', { name: 'Discussion' }).getByText(text)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the dashboard shows its counters and opens one accordion section at a time', async ({ page }, info) => {
  const owner = await person(page.request, 'dashboard');
  await approvedGroup(page, owner, `Dashboard circle ${Date.now()}`);
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Test Person' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Counters' }).getByText('Working groups joined')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Newest lecture' }).getByRole('heading')).toBeVisible();
  const own = page.getByRole('button', { name: /^My working groups/ });
  const joinedSection = page.getByRole('button', { name: /^Working groups I joined/ });
  await expect(own).toHaveAttribute('aria-expanded', 'true');
  await expect(joinedSection).toHaveAttribute('aria-expanded', 'false');
  await joinedSection.click();
  await expect(joinedSection).toHaveAttribute('aria-expanded', 'true');
  await expect(own).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('No data').first()).toBeVisible();
  await own.click();
  await expect(own).toHaveAttribute('aria-expanded', 'true');
  await expect(joinedSection).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: shot('dashboard', info.project.name), fullPage: true });
});

test('the bell leads to every notification: by kind, unread first, marked read or unread one by one or all at once', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(60_000);
  const owner = await person(page.request, 'historian');
  const member = await person(page.request, 'archived');
  const group = await approvedGroup(page, owner, `History circle ${Date.now()}`);
  await joined(page.request, group.slug, owner, member);
  const members = (await (await page.request.get(`/api/groups/${group.slug}/members`, { headers: auth(owner.token) })).json()).data;
  // The owner comes first, then the member who joined.
  const row = members[1];
  const promoted = await page.request.put(`/api/groups/${group.slug}/members/${row.id}`, { headers: auth(owner.token), data: { role: 'moderator' } });
  expect(promoted.ok(), await promoted.text()).toBe(true);

  await signInAs(page, member.email, PASSWORD);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications: 2 unread');
  await bell.click();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page).toHaveTitle('Cohort | Notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');

  // The older one unread again: it comes first, and the bell counts it.
  await list.getByRole('button', { name: 'Mark as unread: Join request accepted' }).click();
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
  await expect(list.getByRole('listitem').first()).toContainText('Join request accepted');
  await expect(list.getByRole('listitem').first().getByText('Unread', { exact: true })).toBeVisible();
  await page.screenshot({ path: shot('notifications-page', info.project.name), fullPage: true });
  await expectAccessible(page, 'the notifications page');

  // By kind: the role change alone.
  await openSelect(page.getByRole('combobox', { name: 'Kind' }));
  await page.getByRole('option', { name: 'Role changes' }).click();
  await expect(page).toHaveURL(/kind=role_changed/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Your role changed');
  await openSelect(page.getByRole('combobox', { name: 'Kind' }));
  await page.getByRole('option', { name: 'All kinds' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
  await expect(list.getByText('Unread', { exact: true })).toHaveCount(0);
  // Each leads to its place.
  await list.getByRole('link', { name: 'Your role changed' }).click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}`));
});
