import { expect, test } from './fixtures';
import { adminToken, auth, drawnPng, openSelect, PASSWORD, person, shot, signedInMember, signInAs, submittedGroup } from './support';

async function approveAsDemoAdmin(request: import('@playwright/test').APIRequestContext, groupId: number) {
  const approved = await request.post(`/api/staff/groups/${groupId}/approve`, {
    headers: auth(await adminToken(request)),
    data: { reason: 'Looks good' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}

test('a visitor starting a working group is sent to sign in first', async ({ page }) => {
  await page.goto('/working-groups');
  await expect(page).toHaveTitle('Cohort | Working Groups');
  await page.getByRole('link', { name: 'Start a working group' }).click();
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fworking-groups%2Fcreate$/);
});

test('create a group through the wizard, staff approve it, find it and delete it', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signedInMember(page, 'wizard');
  const title = `Aphasia therapy circle ${Date.now()}`;
  await page.goto('/working-groups');
  await page.getByRole('link', { name: 'Start a working group' }).click();
  await expect(page).toHaveURL(/\/working-groups\/create$/);
  await expect(page).toHaveTitle('Cohort | Create Working Group');
  // Once the editors are in, the button stays where the click aims.
  await expect(page.getByRole('textbox', { name: /^Additional info/ })).toBeVisible();

  await page.getByRole('button', { name: 'Save & next' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(4);

  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await openSelect(page.getByRole('combobox', { name: /^Topics/ }));
  await page.getByRole('option', { name: 'Stroke' }).click();
  await page.getByRole('option', { name: 'Rehabilitation' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: /^Summary/ }).fill('Speech therapists and survivors compare what helps.');
  await page.getByLabel('Image file').setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: await drawnPng(page, 900, 500) });
  await page.getByRole('textbox', { name: 'Video link (optional)' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('textbox', { name: /^Additional info/ }).fill('We meet online every second Tuesday.');
  await page.screenshot({ path: shot('wizard-general', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Save & next' }).click();

  // Step 2: a PDF uploads as soon as it is chosen; a link saves with a Success badge.
  await expect(page.getByText('No supplementary materials')).toBeVisible();
  await page.getByLabel('Document file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Supported file types: .jpg, .png, .gif, .pdf').last()).toBeVisible();
  await page.getByLabel('Document file').setInputFiles({
    name: 'protocol.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(page.getByRole('link', { name: 'protocol.pdf' })).toBeVisible();
  // Image thumbnails are 240 wide (spec 2 §2), on a phone too.
  await page.getByLabel('Document file').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await drawnPng(page, 800, 600) });
  const thumbnail = page.getByRole('img', { name: 'poster.png' });
  await expect(thumbnail).toBeVisible();
  expect((await thumbnail.boundingBox())?.width).toBe(240);
  await page.getByRole('radio', { name: 'Link' }).check();
  await page.getByRole('textbox', { name: /^URL/ }).fill('not a url');
  await page.getByRole('textbox', { name: /^Label/ }).fill('Aphasia trial registry');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Not a valid url')).toBeVisible();
  await page.getByRole('textbox', { name: /^URL/ }).fill('https://trials.example.org/aphasia');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Aphasia trial registry' })).toBeVisible();
  await page.screenshot({ path: shot('wizard-materials', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('form', { name: 'Specifics' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await openSelect(page.getByRole('combobox', { name: /^Goals of the working group/ }));
  await page.getByRole('option', { name: 'Research Discussion' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await openSelect(page.getByRole('combobox', { name: /^Role of the industry partner/ }));
  await page.getByRole('option', { name: 'Other' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: /^Other role/ }).fill('Lends speech devices');
  await expect(page.getByRole('textbox', { name: /^Member obligations/ })).toContainText('Have fun');
  await page.screenshot({ path: shot('wizard-specifics', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success! Your working group has been sent for review')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog', { name: title })).toContainText('Speech therapists and survivors');
  await page.getByRole('button', { name: 'Close' }).click();

  // Waiting for approval: not listed yet.
  const mine = await (await page.request.get('/api/me/groups', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } })).json();
  const created = mine.data.find((g: { title: string }) => g.title === title);
  expect(created.approved_status).toBe('waiting_for_approval');
  await approveAsDemoAdmin(page.request, created.id);

  await page.goto('/working-groups/list');
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await page.screenshot({ path: shot('group-list', info.project.name), fullPage: true });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${created.slug}$`));
  await expect(page).toHaveTitle(`Cohort | ${title}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Speech therapists and survivors compare what helps.')).toBeVisible();
  await expect(page.getByText('Research Discussion')).toBeVisible();
  await expect(page.getByText('Lends speech devices')).toBeVisible();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  await expect(page.getByText('1 team member')).toBeVisible();
  // Short additional info opens at once; on a desktop the side panel stays in view down to
  // the discussion.
  await expect(page.getByText('We meet online every second Tuesday.')).toBeVisible();
  if (!info.project.name.includes('phone')) {
    await page.getByRole('region', { name: 'Discussion' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByRole('button', { name: 'View Discussion' })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.screenshot({ path: shot('group-detail', info.project.name), fullPage: true });
  await page.getByRole('tab', { name: 'Supplementary Materials' }).click();
  const material = page.getByRole('link', { name: 'protocol.pdf' });
  await expect(material).toHaveAttribute('href', /^\/files\/groups\/\d+\/materials\/[0-9a-f]+\.pdf\?expires=\d+&signature=/);
  expect((await page.request.get((await material.getAttribute('href'))!)).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Aphasia trial registry' })).toHaveAttribute('href', 'https://trials.example.org/aphasia');

  // An update: written from My Working Groups, approved by staff, shown on the Updates tab.
  await page.goto('/working-groups/my');
  await page.getByRole('link', { name: 'Updates' }).click();
  await expect(page).toHaveURL(new RegExp(`/group-updates/${created.id}$`));
  await expect(page.getByText('No updates')).toBeVisible();
  await page.getByRole('link', { name: 'Add an update' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill('First meeting notes');
  await page.getByRole('textbox', { name: /^Text of update/ }).fill('We met and agreed on a protocol.');
  await page.getByLabel('Working Group Image file').setInputFiles({ name: 'u.png', mimeType: 'image/png', buffer: await drawnPng(page, 600, 300) });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${created.slug}$`), { timeout: 5_000 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const posts = await (await page.request.get(`/api/me/groups/${created.id}/post`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(posts.data.updates[0].approved_status).toBe('waiting_for_approval');
  const reviewed = await page.request.post(`/api/staff/group-updates/${posts.data.updates[0].id}/approve`, {
    headers: auth(await adminToken(page.request)),
    data: {},
  });
  expect(reviewed.ok()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByText('We met and agreed on a protocol.')).toBeVisible();
  await page.screenshot({ path: shot('group-updates-tab', info.project.name), fullPage: true });

  // The owner's Activity tab charts the last 90 days: they joined today and have just read the updates.
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByRole('region', { name: 'The last 90 days' });
  await expect(activity.getByRole('figure').filter({ hasText: 'Members' })).toContainText('Joined: 1');
  await expect(activity.getByRole('figure').filter({ hasText: 'Updates' })).toContainText('Readers: 1');
  await expect(activity.getByRole('figure').filter({ hasText: 'Discussions' })).toContainText(/Topics: \d+ · Replies: \d+/);
  await expect(activity.locator('svg').first()).toBeVisible();
  await page.screenshot({ path: shot('group-activity-tab', info.project.name), fullPage: true });

  await page.goto('/working-groups/my');
  // This member created one group: its card is the only one.
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your working group has been successfully deleted')).toBeVisible();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await page.screenshot({ path: shot('my-groups-deleted', info.project.name), fullPage: true });
  const gone = await page.request.get(`/api/groups/${created.slug}`);
  expect(gone.status()).toBe(404);
});

test('a group saved at step 1 and never submitted is a draft with Continue, not waiting for approval', async ({ page }, info) => {
  const owner = await person(page.request, 'drafter');
  const title = `Unfinished circle ${Date.now()}`;
  const tags = (await (await page.request.get('/api/groups/tags')).json()).data;
  const created = await page.request.post('/api/me/groups', {
    headers: auth(owner.token),
    data: { title, summary: '<p>Still writing this one.</p>', tags: [tags[0].id] },
  });
  expect(created.status()).toBe(201);
  const slug = (await created.json()).data.slug;
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/working-groups/my');
  const card = page.locator('.MuiCard-root').filter({ hasText: title });
  await expect(card.getByText('Draft — finish and submit')).toBeVisible();
  await expect(card.getByText('Waiting for approval')).toHaveCount(0);
  await page.screenshot({ path: shot('my-groups-draft', info.project.name), fullPage: true });
  await card.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/edit/${slug}$`));
  await expect(page.getByRole('heading', { name: 'Edit Working Group' })).toBeVisible();
  await expect(page).toHaveTitle('Cohort | Edit Working Group');
});

test("another member's group has no editor for you, and a missing updates page says not found", async ({ page }) => {
  const owner = await person(page.request, 'keeper');
  const group = await submittedGroup(page, owner, `Someone else's circle ${Date.now()}`);
  const stranger = await person(page.request, 'stranger');
  await signInAs(page, stranger.email, PASSWORD);
  await page.goto(`/working-groups/edit/${group.slug}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Cohort | Page not found');
  await expect(page.getByText('Create Working Group')).toHaveCount(0);
  await page.goto('/group-updates/999999');
  await expect(page.getByText("Not found. The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page).toHaveTitle('Cohort | Page not found');
});
