import { expect, test } from './fixtures';
import { auth, liveProject, PASSWORD, PDF, person, shot, signInAs } from './support';

test('an owner registers the protocol the campaign waits for, amends it with a reason, and anyone checks and compares the versions', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(120_000);
  const { owner, slug, title } = await liveProject(page, 'protocol.owner', `Sleep after surgery ${info.project.name}`, { protocol: false });
  const donor = await person(page.request, 'protocol.donor');

  // The campaign is live but takes no pledges until its protocol is registered.
  await signInAs(page, donor.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  const funding = page.getByRole('region', { name: 'Funding' });
  await expect(funding.getByText("Pledges open once the project's protocol is registered.")).toBeVisible();
  await expect(funding.getByRole('button', { name: 'Back this project' })).toHaveCount(0);

  // The owner finds the registration from their projects.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Protocol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register the protocol' })).toBeVisible();
  await expect(page.getByText('The campaign takes pledges once the protocol is registered.', { exact: false })).toBeVisible();
  const editor = page.getByRole('textbox', { name: /^Protocol/ });
  await editor.click();
  await editor.pressSequentially('Adults after surgery wear a sleep tracker for 14 nights.');
  await editor.press('Enter');
  await editor.pressSequentially('We recruit 120 patients.');
  await page.getByLabel('Protocol file').setInputFiles({ name: 'consent form.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('consent form.pdf')).toBeVisible();
  await page.screenshot({ path: shot('protocol-register', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Register the protocol' }).click();
  const confirm = page.getByRole('dialog', { name: 'Register version 1?' });
  await expect(confirm.getByText('A registration cannot be edited or removed', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Version 1 of the protocol is registered.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/project/${slug}/protocol$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Version 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'consent form.pdf' })).toBeVisible();

  // Anyone checks it in their own browser: the text against the hash, the hash against
  // the audit chain entry, the entry against its link.
  await page.getByRole('button', { name: 'Check in my browser' }).click();
  const result = page.getByRole('status').filter({ hasText: 'The registered text, reason and files hash to this value.' });
  await expect(result).toBeVisible();
  await expect(result.getByText(/^Audit chain entry \d+ records this hash\.$/)).toBeVisible();
  await expect(result.getByText('The audit entry matches its link in the chain.')).toBeVisible();

  // The amendment says why, and the page shows both versions side by side.
  await page.goto(`/project/${slug}`);
  await page.getByRole('link', { name: 'Amend the protocol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Amend the protocol' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Keep consent form.pdf' })).toBeChecked();
  const amended = page.getByRole('textbox', { name: /^Protocol/ });
  await amended.getByText('We recruit 120 patients.').click();
  await amended.press('End');
  for (let i = 0; i < '120 patients.'.length; i += 1) await amended.press('Backspace');
  await amended.pressSequentially('150 patients.');
  await page.getByRole('button', { name: 'Register version 2' }).click();
  await expect(page.getByText('Why is it amended?', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('textbox', { name: /^Why is it amended/ }).fill('Recruitment is faster than planned.');
  await page.getByRole('button', { name: 'Register version 2' }).click();
  await page.getByRole('dialog', { name: 'Register version 2?' }).getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Version 2 of the protocol is registered.')).toBeVisible();
  await expect(page.getByText('Why it was amended: Recruitment is faster than planned.')).toBeVisible();
  const comparison = page.getByRole('table', { name: 'Version 1 beside version 2' });
  await expect(comparison.getByRole('cell', { name: 'Earlier: Rewritten' })).toHaveText('We recruit 120 patients.');
  await expect(comparison.getByRole('cell', { name: 'Later: Rewritten' })).toHaveText('We recruit 150 patients.');
  await page.screenshot({ path: shot('protocol-versions', info.project.name), fullPage: true });

  // Version 1 stays readable as registered; its record downloads with the hash.
  await page.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: /^Version 1 ·/ }).click();
  await expect(page).toHaveURL(/\?version=1$/);
  await expect(page.getByText('We recruit 120 patients.').first()).toBeVisible();
  const protocol = (await (await page.request.get(`/api/projects/${slug}/protocol`)).json()).data;
  const xml = await (await page.request.get(`/api/projects/${slug}/protocol/versions/2/datacite.xml`)).text();
  expect(xml).toContain(`<alternateIdentifier alternateIdentifierType="SHA-256">${protocol.versions[0].content_hash}</alternateIdentifier>`);

  // The donor may now back the project.
  await signInAs(page, donor.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('region', { name: 'Funding' }).getByRole('button', { name: 'Back this project' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Protocol' })).toBeVisible();
  await expect(page.getByText(/^Version 2, registered /)).toBeVisible();
  expect((await page.request.get(`/api/me/projects/${protocol.project_id}/protocol`, { headers: auth(owner.token) })).ok()).toBe(true);
});
