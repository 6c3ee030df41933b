import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from './fixtures';
import { approvedGroup, auth, PASSWORD, person, signInAs, shot } from './support';

// Issue 24 §2: joining accepts the data-use agreement; a new version asks members to
// accept again, and past its grace period closes the private tabs until they do.
test('a member accepts the data-use agreement to join and again after a new version', async ({ page }, info) => {
  test.setTimeout(120_000);
  const owner = await person(page.request, 'owner');
  const asker = await person(page.request, 'asker');
  const group = await approvedGroup(page, owner, `Patient panel ${Date.now()}`);

  // The owner publishes the first version from the group's own tab.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Data protection' }).click();
  await expect(page.getByText('This working group has no data-use agreement yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: /^Agreement text/ }).fill('Never share what a patient tells the group outside it.');
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 of the data-use agreement has been published.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Data-use agreement text' })).toContainText('Never share what a patient tells');
  await expect(page.getByRole('button', { name: 'Publish version 2' })).toBeVisible();

  // The asker reads it in the consent dialog and must tick it to send the request.
  await signInAs(page, asker.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'Private member join', exact: true }).click();
  const consent = page.getByRole('dialog', { name: `Join ${group.title}` });
  await expect(consent.getByText('Data-use agreement · version 1')).toBeVisible();
  await expect(consent.getByRole('region', { name: 'Data-use agreement text' })).toContainText('Never share what a patient tells');
  await consent.getByRole('textbox', { name: /^Message to the organisers/ }).fill('I coordinate a patient panel.');
  await consent.getByRole('button', { name: 'Yes, send request' }).click();
  await expect(consent.getByText("Accept the working group's data-use agreement to join.")).toBeVisible();
  await consent.getByRole('checkbox', { name: 'I accept the data-use agreement (version 1)' }).check();
  await page.screenshot({ path: shot('agreement-consent', info.project.name), fullPage: true });
  await consent.getByRole('button', { name: 'Yes, send request' }).click();
  await expect(page.getByRole('button', { name: 'Join request has been sent' })).toBeDisabled();
  const list = (await (await page.request.get(`/api/groups/${group.slug}/join-requests`, { headers: auth(owner.token) })).json()).data;
  const accepted = await page.request.post(`/api/groups/${group.slug}/join-requests/${list[0].id}/accept`, { headers: auth(owner.token) });
  expect(accepted.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Members', 'Supplementary Materials', 'Updates', 'Events', 'Moderation log']);

  // Version 2 with no grace period: the member's private tabs close at once.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Data protection' }).click();
  await page.getByRole('textbox', { name: /^Agreement text/ }).fill('Never share it, and delete exports within 30 days.');
  await page.getByRole('spinbutton', { name: 'Grace period (days)' }).fill('0');
  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(page.getByText('Version 2 of the data-use agreement has been published.')).toBeVisible();
  await page.screenshot({ path: shot('agreement-owner', info.project.name), fullPage: true });

  await signInAs(page, asker.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  const banner = page.getByRole('alert').filter({ hasText: 'data-use agreement has changed (version 2)' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Supplementary Materials']);
  const members = await page.request.get(`/api/groups/${group.slug}/members`, { headers: auth(asker.token) });
  expect(members.status()).toBe(403);
  await page.screenshot({ path: shot('agreement-lapsed', info.project.name), fullPage: true });
  await expectAccessible(page, 'a lapsed data-use agreement');
  await banner.getByRole('button', { name: 'Read and accept' }).click();
  const dialog = page.getByRole('dialog', { name: `${group.title}: data-use agreement` });
  await expect(dialog.getByRole('region', { name: 'Data-use agreement text' })).toContainText('delete exports within 30 days');
  await dialog.getByRole('button', { name: 'I accept version 2' }).click();
  await expect(page.getByText('Thank you: you have accepted the data-use agreement.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Members', 'Supplementary Materials', 'Updates', 'Events', 'Moderation log']);

  // The owner exports who accepted which version when.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Data protection' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export acceptances (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${group.slug}-agreement-acceptances.csv`);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Member,Email,Version,Accepted at (UTC)');
  expect(lines.filter((line) => line.includes(asker.email)).map((line) => line.split(',')[2])).toEqual(['1', '2']);
});
