import { expect, test } from './fixtures';
import { approvedGroup, auth, joined, PASSWORD, person, shot, signInAs } from './support';

test('a reader follows a discussion, hears of each reply, mutes a topic and finds both under Following', async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'convenor');
  const author = await person(page.request, 'asker');
  const reader = await person(page.request, 'reader');
  const group = await approvedGroup(page, owner, `Mirror therapy ${Date.now()}`);
  await joined(page.request, group.slug, owner, author);
  const started = await page.request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(author.token),
    data: { text: '<p>Who has tried mirror therapy at home after a stroke?</p>' },
  });
  expect(started.status()).toBe(201);
  const topicId = (await started.json()).data.id as number;

  // A reader (not a member) follows the whole discussion from the group's page.
  await signInAs(page, reader.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}#discussion`);
  const discussion = page.getByRole('region', { name: 'Discussion' });
  await discussion.getByRole('button', { name: 'Follow: notifications for this discussion' }).click();
  await expect(page.getByRole('menuitem', { name: /Following Every new topic and reply reaches you/ })).toBeVisible();
  await page.screenshot({ path: shot('follow-menu', info.project.name) });
  await page.getByRole('menuitem', { name: /^Following/ }).click();
  await expect(discussion.getByRole('button', { name: 'Following: notifications for this discussion' })).toBeVisible();

  // The owner replies: the follower's bell rises with the reply.
  const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
  const replied = await page.request.post(`/api/discussion/${topicId}/comments`, {
    headers: auth(owner.token),
    multipart: { text: '<p>Twice a week, with a mirror box.</p>' },
  });
  expect(replied.status()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread', { timeout: 10_000 });
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`New reply in ${group.title}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The reader mutes that one topic: what they set on it outranks the whole discussion.
  await page.reload();
  const topic = discussion.getByRole('article', { name: /^Topic by/ });
  await topic.getByRole('button', { name: 'Follow: notifications for this topic' }).click();
  await page.getByRole('menuitem', { name: /^Muted/ }).click();
  await expect(topic.getByRole('button', { name: 'Muted: notifications for this topic' })).toBeVisible();
  const again = await page.request.post(`/api/discussion/${topicId}/comments`, {
    headers: auth(owner.token),
    multipart: { text: '<p>And a video call once a week.</p>' },
  });
  expect(again.status()).toBe(201);

  // Both show under My profile → Following, each with its place.
  await page.goto('/my-profile/following');
  const topicCard = page.getByRole('article', { name: 'Who has tried mirror therapy at home after a stroke?' });
  await expect(topicCard.getByText(`In ${group.title}`)).toBeVisible();
  await expect(topicCard.getByRole('button', { name: 'Muted: notifications for this topic' })).toBeVisible();
  const groupCard = page.getByRole('article', { name: group.title });
  await expect(groupCard.getByText('Working group discussion')).toBeVisible();
  await expect(groupCard.getByRole('button', { name: 'Following: notifications for this discussion' })).toBeVisible();
  await page.screenshot({ path: shot('following-tab', info.project.name), fullPage: true });
  // The muted topic's second reply reached nobody: the bell, read when opened, stays at 0.
  await expect(page.getByRole('button', { name: /^Notifications: \d+ unread$/ })).toHaveAccessibleName('Notifications: 0 unread');
  const heard = (await (await page.request.get('/api/me/notifications', { headers: auth(reader.token) })).json()).data;
  expect(heard.map((n: { title: string }) => n.title)).toEqual([`New reply in ${group.title}`]);

  // Stopping: back to normal from the list.
  await groupCard.getByRole('button', { name: 'Following: notifications for this discussion' }).click();
  await page.getByRole('menuitem', { name: /^Normal/ }).click();
  await expect(groupCard.getByRole('button', { name: 'Follow: notifications for this discussion' })).toBeVisible();
});
