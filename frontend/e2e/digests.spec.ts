import { expect, test } from './fixtures';
import { auth, openSelect, shot, signedInMember } from './support';

test('a member gathers a kind of e-mail into a daily digest at their own morning', async ({ page }, info) => {
  const { password, token } = await signedInMember(page, 'digest');

  // The time zone the digest keeps to, chosen on the profile.
  await page.goto('/my-profile/edit-profile');
  await openSelect(page.getByRole('combobox', { name: /^Time zone/ }));
  await page.getByRole('option', { name: 'America/Halifax' }).click();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile has been successfully updated.')).toBeVisible();

  // Replies by e-mail, in a daily digest.
  await page.goto('/my-profile/notifications');
  const replies = page.getByRole('combobox', { name: 'Replies: e-mail' });
  await expect(replies).toHaveValue('instant');
  await replies.selectOption('daily');
  await page.screenshot({ path: shot('digest-settings', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Notification settings have been successfully updated.')).toBeVisible();

  // Kept: the page and the API say so after a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Replies: e-mail' })).toHaveValue('daily');
  const settings = await (await page.request.get('/api/me/notification-settings', { headers: auth(token) })).json();
  expect(settings.data.find((s: { id: string }) => s.id === 'reply').email_frequency).toBe('daily');
  const me = await (await page.request.get('/api/me', { headers: auth(token) })).json();
  expect(me.data.time_zone).toBe('America/Halifax');

  // Without e-mail there is nothing to gather: the choice waits, disabled.
  await page.getByLabel('Replies: delivery methods').getByRole('checkbox', { name: 'Email' }).uncheck();
  await expect(page.getByRole('combobox', { name: 'Replies: e-mail' })).toBeDisabled();
});
