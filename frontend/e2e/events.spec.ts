import { expect, test } from './fixtures';
import { approvedGroup, auth, joined, PASSWORD, person, shot, signInAs, signOut } from './support';

/** A wall-clock time `days` from now at 18:00, as a datetime-local input takes it. */
function evening(days: number, hour = 18): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

test('a group schedules an event, a member answers and subscribes to their calendar', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(120_000);
  const owner = await person(page.request, 'evowner');
  const member = await person(page.request, 'evmember');
  const title = `Journal club ${Date.now()}`;
  const group = await approvedGroup(page, owner, `Events ${Date.now()}`);
  await joined(page.request, group.slug, owner, member);

  // The owner schedules from the group's Events tab; the server's refusal shows on the form.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}?tab=events`);
  const panel = page.getByRole('region', { name: 'Upcoming events' });
  await expect(panel.getByText('No events coming up')).toBeVisible();
  await panel.getByRole('button', { name: 'Schedule an event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule an event' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('We read one paper a month.');
  await dialog.getByLabel('Starts').fill(evening(3));
  await dialog.getByLabel('Ends').fill(evening(3, 19));
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('Give an online link or a place.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Online link' }).fill('https://meet.example.org/journal-club');
  await expect(dialog.getByText('Give an online link or a place.')).toHaveCount(0);
  await page.screenshot({ path: shot('event-form', info.project.name) });
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toHaveCount(0);
  const card = panel.getByRole('article', { name: title });
  await expect(card.getByText('0 going · 0 maybe')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Join online' })).toHaveAttribute('href', 'https://meet.example.org/journal-club');
  await page.screenshot({ path: shot('group-events', info.project.name) });

  // The member finds it among their events (the account menu's "My events") and answers.
  await signOut(page);
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Your events', level: 1 })).toBeVisible();
  const mine = page.getByRole('article', { name: title });
  await expect(mine.getByRole('link', { name: group.title })).toBeVisible();
  await mine.getByRole('button', { name: 'Going' }).click();
  await expect(mine.getByText('1 going · 0 maybe')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');

  // Their calendar address: shown once, serving iCalendar, dead once revoked.
  await page.getByRole('button', { name: 'Make my calendar address' }).click();
  const address = await page.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
  const calendar = await page.request.get(new URL(address).pathname);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  expect(await calendar.text()).toContain(`SUMMARY:${title}`);
  await page.screenshot({ path: shot('my-events', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Revoke the address' }).click();
  await page.getByRole('dialog', { name: 'Revoke your calendar address?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Your calendar address no longer works.')).toBeVisible();
  expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);

  // A member schedules nothing: the API says so.
  const refused = await page.request.post(`/api/groups/${group.id}/events`, {
    headers: auth(member.token),
    data: { title: 'Mine', starts_at: new Date(Date.now() + 86_400_000).toISOString(), ends_at: new Date(Date.now() + 90_000_000).toISOString(), time_zone: 'UTC', place: 'Here' },
  });
  expect(refused.status()).toBe(403);
});
