import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { auth, DEMO_ADMIN, devMessages, linkIn, PASSWORD, person, shot, signInAs, signOut } from './support';

/** The newest "ready" mail to `to`, once the background job has sent it. */
async function readyLink(request: import('./fixtures').APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const mail = (await devMessages(request, 'mailbox')).find(
      (m: { to: string; subject: string }) => m.to === to && m.subject === 'Your Cohort data is ready to download',
    );
    expect(mail).toBeTruthy();
    link = linkIn(mail?.text ?? '');
  }).toPass({ timeout: 15_000 });
  return link;
}

test('a member downloads their data once, and staff delete an account as the privacy policy says', async ({ page }, info) => {
  test.setTimeout(90_000);
  const member = await person(page.request, 'keeper');
  const started = await page.request.patch('/api/me', {
    headers: auth(member.token),
    data: { bio: 'Physiotherapist, keeps a walking diary.', current_password: PASSWORD },
  });
  expect(started.ok(), await started.text()).toBe(true);

  // The member asks from Account; the link arrives by e-mail.
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(section.getByText('We are gathering your data. A link to download it will reach you by e-mail in a few minutes.')).toBeVisible();
  await page.screenshot({ path: shot('your-data', info.project.name) });
  const link = await readyLink(page.request, member.email);
  // Asked again within the hour, the member reads what is true: the link was sent.
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(
    section.getByText('Your data was sent to you by e-mail less than an hour ago. Use that link, or ask again later.'),
  ).toBeVisible();

  // The browser downloads the ZIP: a README, a JSON file per kind of record.
  const download = page.waitForEvent('download');
  await page.evaluate((url) => {
    window.location.href = url;
  }, link);
  const zip = await readFile(await (await download).path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  const names = zip.toString('latin1');
  for (const name of ['README.txt', 'account/users.json', 'account/sessions.json']) {
    expect(names).toContain(name);
  }
  expect((await download).suggestedFilename()).toMatch(/^cohort-data-\d{4}-\d{2}-\d{2}\.zip$/);
  // Once only.
  const again = await page.request.get(link);
  expect(again.status()).toBe(410);
  expect((await again.json()).message).toBe('This download link has already been used. Ask for your data again from your account.');

  // Staff delete the account from the console; what stays names a former member.
  const me = (await (await page.request.get('/api/me', { headers: auth(member.token) })).json()).data;
  await signOut(page);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/staff/users/${me.id}`);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: /^Delete .* account\?$/ });
  await dialog.getByLabel('Reason (optional)').fill('Asked by e-mail.');
  await page.screenshot({ path: shot('staff-delete-account', info.project.name) });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('The account is deleted: its personal records are gone and what stays names a former member.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Former member', level: 1 })).toBeVisible();
  const signIn = await page.request.post('/api/login', { data: { email: member.email, password: PASSWORD } });
  expect(signIn.ok()).toBe(false);
});
