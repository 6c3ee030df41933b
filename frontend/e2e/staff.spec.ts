import { expect as baseExpect, test, type Page } from './fixtures';
import { auth, DEMO_ADMIN, drawnPng, isCut, lastMailTo, linkIn, openConsoleSection, openSelect, PASSWORD, person, shot, signInAs, submittedGroup, type Person } from './support';

// The console's pages each load a few queries after navigation; give them room on a busy machine.
const expect = baseExpect.configure({ timeout: 10_000 });

/** A record in a console list: a grid row on a desktop, a card on a phone. */
function record(page: Page, text: string) {
  return page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text });
}

/** Opens a record from a list that may still be re-rendering its search (a click on a row
 * being replaced is lost), so the click is repeated until the record's page opens. */
async function openRecord(page: Page, text: string, url: RegExp) {
  await expect(async () => {
    await record(page, text).first().click();
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass();
}

/** The decision dialog: a reason, then the confirming button. */
async function decide(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

async function notifications(page: Page, who: Person) {
  const response = await page.request.get('/api/me/notifications?perPage=50', { headers: auth(who.token) });
  return (await response.json()).data as { title: string; message: string; object_slug?: string }[];
}

test('nobody but staff finds the console', async ({ page }) => {
  const member = await person(page.request, 'curious');
  expect((await page.request.get('/api/staff/overview', { headers: auth(member.token) })).status()).toBe(404);
  expect((await page.request.get('/api/staff/users')).status()).toBe(404);
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/staff/users');
  await expect(page.getByText("Not found. The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff console' })).toHaveCount(0);
});

test('staff approve a waiting group and turn down an affiliation with a reason', async ({ page }, info) => {
  test.setTimeout(60_000);
  const owner = await person(page.request, 'owner');
  const group = await submittedGroup(page, owner, `Staff review ${info.project.name} ${Date.now()}`);

  const affiliate = await person(page.request, 'affiliate');
  const universityEmail = `dr.${Date.now()}.${info.project.name}@uni.example.edu`;
  const setup = await page.request.put('/api/me/setup-university-email', {
    headers: auth(affiliate.token),
    data: {
      affiliation: 'University of Leeds',
      university_affiliate_email: universityEmail,
      university_profile_page_url: 'https://www.leeds.ac.uk/profile/dr',
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const token = new URL(linkIn((await lastMailTo(page.request, universityEmail)).text)).searchParams.get('token');
  const confirmed = await page.request.post('/api/me/confirm-university-email', { headers: auth(affiliate.token), data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  // The admin finds the console from the account menu; the home counts what waits.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Staff console' }).click();
  await expect(page.getByRole('heading', { name: 'Staff console' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[1-9]\d* Working groups waiting$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[1-9]\d* Affiliations waiting$/ })).toBeVisible();
  await page.screenshot({ path: shot('staff-home', info.project.name), fullPage: true });

  // The group: opened from the queue, reviewed side by side, approved; the owner is told.
  await openConsoleSection(page, 'Working groups');
  // Every column reads whole at a laptop's width (the dates were cut).
  const created = page.getByRole('gridcell').and(page.locator('[data-field="created_at"]')).first();
  await expect(created).toHaveText(/^[A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2}$/);
  expect(await isCut(created)).toBe(false);
  const grid = (await page.getByRole('grid', { name: 'Working groups' }).boundingBox())!;
  const cell = (await created.boundingBox())!;
  expect(cell.x + cell.width).toBeLessThanOrEqual(grid.x + grid.width);
  await openRecord(page, group.title, new RegExp(`/staff/groups/${group.id}$`));
  await expect(page.getByRole('table', { name: 'The group as submitted' })).toContainText('Share what you learn');
  await page.screenshot({ path: shot('staff-group-review', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Approve' }).click();
  await decide(page, 'Approve', 'Welcome aboard');
  await expect(page.getByText('Approved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();
  expect((await page.request.get(`/api/groups/${group.slug}`)).ok()).toBe(true);
  expect((await notifications(page, owner)).some((n) => n.object_slug === group.slug)).toBe(true);

  // The owner proposes a new title: staff compare both versions and turn it down; the live group keeps its title.
  const renamed = await page.request.patch(`/api/me/groups/${group.id}`, {
    headers: auth(owner.token),
    data: { title: `${group.title} renamed` },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await page.reload();
  const compare = page.getByRole('table', { name: 'Current and proposed versions' });
  await expect(compare.getByRole('row').filter({ hasText: 'changed' })).toHaveCount(1);
  await expect(compare.getByRole('row').filter({ hasText: 'changed' })).toContainText(`${group.title} renamed`);
  await page.screenshot({ path: shot('staff-group-changes', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Reject' }).click();
  await decide(page, 'Reject', 'Keep the original title');
  await expect(page.getByText('Rejected.')).toBeVisible();
  const live = (await (await page.request.get(`/api/groups/${group.slug}`)).json()).data;
  expect(live.title).toBe(group.title);

  // An update the owner posts waits in its queue, named by its group; turned down with a reason.
  const posted = await page.request.post(`/api/me/groups/${group.id}/post`, {
    headers: auth(owner.token),
    data: { title: `Early results ${info.project.name}`, text: '<p>Numbers without a source</p>' },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  await openConsoleSection(page, 'Group updates');
  const card = page.getByRole('article', { name: `Early results ${info.project.name}` });
  await expect(card.getByRole('link', { name: group.title })).toBeVisible();
  await card.getByRole('button', { name: 'Reject' }).click();
  await decide(page, 'Reject', 'Please cite the source');
  await expect(page.getByText('Update rejected.')).toBeVisible();
  const toldOwner = await notifications(page, owner);
  expect(toldOwner.some((n) => n.title === 'Update not approved' && n.message.includes('Please cite the source'))).toBe(true);

  // The affiliation: the confirmed university e-mail shows; turned down with a reason the member reads.
  await openConsoleSection(page, 'Affiliations');
  const row = record(page, universityEmail);
  await expect(row.getByText('confirmed')).toBeVisible();
  await page.screenshot({ path: shot('staff-affiliations', info.project.name), fullPage: true });
  await row.getByRole('button', { name: 'Reject' }).click();
  await decide(page, 'Turn down', 'Please link your staff page on the university site');
  await expect(page.getByText('Affiliation turned down.')).toBeVisible();
  await expect(record(page, universityEmail)).toHaveCount(0);
  const told = await notifications(page, affiliate);
  expect(told.some((n) => n.title === 'Affiliation not approved' && n.message.includes('Please link your staff page'))).toBe(true);

  // Both decisions are in the audit log.
  await openConsoleSection(page, 'Audit log');
  await expect(page.getByText('group.approve').first()).toBeVisible();
  await expect(page.getByText('Reason: Please link your staff page on the university site').first()).toBeVisible();
});

test('staff write, publish and delete a blog post with a header image, and edit the about page', async ({ page }, info) => {
  test.setTimeout(60_000);
  const title = `Console news ${info.project.name} ${Date.now()}`;
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Blog posts');
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByText('Save the post first to add its header image.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Summary (shown on cards)' }).fill('What the staff console can do.');
  await page.getByRole('textbox', { name: 'Body', exact: true }).fill('Moderation queues, content and people in one place.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/staff\/blog\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Drafts never show on the blog.
  const postId = page.url().split('/').pop();
  expect((await page.request.get(`/api/blog/api/pages/${postId}`)).status()).toBe(404);

  // A text file posing as a picture is refused with the reason; a real picture is kept.
  const picture = page.getByLabel('Header image', { exact: true });
  await picture.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert').filter({ hasText: /JPEG|PNG|image/i })).toBeVisible();
  await picture.setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: await drawnPng(page, 1200, 600) });
  await expect(page.getByText('Header image saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Header image' })).toHaveAttribute('src', /\/media\//);

  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.screenshot({ path: shot('staff-blog-editor', info.project.name), fullPage: true });

  await page.goto('/blog');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Moderation queues, content and people in one place.')).toBeVisible();
  await expect(page.locator('img[src*="/media/"]').first()).toBeVisible();

  // Deleted from the console, it leaves the blog (and the other journeys' counts) as they were.
  await page.goto(`/staff/blog/${postId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/blog$/);
  expect((await page.request.get(`/api/blog/api/pages/${postId}`)).status()).toBe(404);

  // The about page: a paragraph added in the console shows on /about.
  const line = `Edited in the console ${Date.now()}`;
  await page.goto('/staff');
  await openConsoleSection(page, 'Pages');
  await page.getByLabel('Search').fill('about');
  await openRecord(page, 'about-us', /\/staff\/pages\/\d+$/);
  const editor = page.url();
  const body = page.getByRole('textbox', { name: 'Body (HTML)' });
  const original = await body.inputValue();
  await body.fill(`${original}<p>${line}</p>`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // Unsafe HTML is refused on its field, and nothing is saved.
  await body.fill(`${await body.inputValue()}<script>alert(1)</script>`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/not allowed/i).first()).toBeVisible();

  await page.goto('/about');
  await expect(page.getByText(line)).toBeVisible();

  // Put the page back as it was.
  await page.goto(editor);
  await body.fill(original);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
});

test('staff build a two-question quiz that a member passes', async ({ page, browser }, info) => {
  test.setTimeout(60_000);
  const name = `Console quiz ${info.project.name} ${Date.now()}`;
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Quizzes');
  await page.getByRole('link', { name: 'New quiz' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('spinbutton', { name: 'Hours between failed attempts' }).fill('0');
  // Its certificate is valid for a year and records CPD time; a tenth of an hour is refused.
  await page.getByRole('spinbutton', { name: 'Certificate valid for (months)' }).fill('12');
  await page.getByRole('spinbutton', { name: 'CPD hours' }).fill('0.1');

  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('textbox', { name: 'Question 1 text' }).fill('Which sign comes first in FAST?');
  await page.getByRole('textbox', { name: 'Question 1 option 1' }).fill('Face drooping');
  await page.getByRole('textbox', { name: 'Question 1 option 2' }).fill('Fever');
  await page.getByRole('textbox', { name: 'Question 1 explanation (optional)' }).fill('The F in FAST is for Face: a drooping face.');

  await page.getByRole('button', { name: 'Add a question' }).click();
  await openSelect(page.getByRole('combobox', { name: 'Question 2 type' }));
  await page.getByRole('option', { name: 'Multiple choice' }).click();
  await page.getByRole('textbox', { name: 'Question 2 text' }).fill('Which are signs of a stroke?');
  await page.getByRole('textbox', { name: 'Question 2 option 1' }).fill('Arm weakness');
  await page.getByRole('textbox', { name: 'Question 2 option 2' }).fill('Speech difficulty');
  await page.getByRole('button', { name: 'Add an option' }).nth(1).click();
  await page.getByRole('textbox', { name: 'Question 2 option 3' }).fill('Hiccups');
  await page.getByRole('checkbox', { name: 'Question 2 option 2 is right' }).check();
  await page.getByLabel('Published').check();
  // Members see which answers were wrong, and why, after every attempt (issue 49 §5).
  await openSelect(page.getByRole('combobox', { name: 'Show members which answers were wrong, and why' }));
  await page.getByRole('option', { name: 'After every completed attempt' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ensure this value is between 0.25 and 100.')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'CPD hours' }).fill('1.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/staff\/quizzes\/\d+$/);
  await expect(page.getByRole('spinbutton', { name: 'Certificate valid for (months)' })).toHaveValue('12');
  await expect(page.getByRole('spinbutton', { name: 'CPD hours' })).toHaveValue('1.5');
  await expect(page.getByText('Nobody has taken it yet.')).toBeVisible();
  await page.screenshot({ path: shot('staff-quiz-editor', info.project.name), fullPage: true });

  // A member takes it and passes.
  const member = await person(page.request, 'quiztaker');
  const memberPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await memberPage.context().addCookies([{ name: 'cookie_consent', value: 'true', url: new URL(page.url()).origin }]);
  await signInAs(memberPage, member.email, PASSWORD);
  await memberPage.goto('/certificates');
  const card = memberPage.getByRole('article', { name }).or(memberPage.getByLabel(name));
  await card.getByRole('link').click();
  await expect(memberPage.getByText('Question 1/2')).toBeVisible();
  await memberPage.getByRole('radio', { name: 'Face drooping' }).check();
  await memberPage.getByRole('button', { name: 'Next' }).click();
  await expect(memberPage.getByText('Question 2/2')).toBeVisible();
  await memberPage.getByRole('checkbox', { name: 'Arm weakness' }).check();
  await memberPage.getByRole('checkbox', { name: 'Speech difficulty' }).check();
  await memberPage.getByRole('button', { name: 'Next' }).click();
  await expect(memberPage.getByRole('status').filter({ hasText: 'Quiz passed' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Download verifiable credential' })).toBeVisible();
  const review = memberPage.getByRole('region', { name: 'Your answers (attempt 1)' });
  await expect(review.getByText('Why: The F in FAST is for Face: a drooping face.')).toBeVisible();
  await expect(review.getByText('Correct', { exact: true })).toHaveCount(2);
  await expect(review.getByText('Your answer: Arm weakness, Speech difficulty')).toBeVisible();
  await memberPage.close();

  // Taken now: its questions are locked in the editor.
  await page.reload();
  await expect(page.getByText('Members have taken this quiz, so its questions can no longer change.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question 1 text' })).toBeDisabled();
  // Its explanations can still be written.
  const explanation = page.getByRole('textbox', { name: 'Question 2 explanation (optional)' });
  await expect(explanation).toBeEnabled();
  await explanation.fill('Arm weakness and speech difficulty are both signs; hiccups are not.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(explanation).toHaveValue('Arm weakness and speech difficulty are both signs; hiccups are not.');
});

test('staff deactivate a member, who is signed out, and reactivate them', async ({ page, browser }, info) => {
  test.setTimeout(60_000);
  const member = await person(page.request, 'deactivated');
  const memberPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAs(memberPage, member.email, PASSWORD);
  await memberPage.goto('/dashboard');
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Users');
  await page.getByLabel('Name or e-mail').fill(member.email);
  if (info.project.name === 'phone') {
    // On a phone each record is a card with every column labelled, the last ones too.
    await expect(record(page, member.email).getByText('Joined')).toBeInViewport();
  }
  await openRecord(page, member.email, /\/staff\/users\/\d+$/);
  await expect(page.getByText(`${member.email} (confirmed)`)).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await decide(page, 'Deactivate', 'Spam reports');
  await expect(page.getByText('The account was deactivated; its sessions have ended.')).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Reason: Spam reports')).toBeVisible();
  await page.screenshot({ path: shot('staff-user', info.project.name), fullPage: true });

  // The member's next request is refused and the app signs them out.
  await memberPage.goto('/dashboard');
  await expect(memberPage).toHaveURL(/\/login/);
  expect((await page.request.post('/api/login', { data: { email: member.email, password: PASSWORD } })).ok()).toBe(false);
  await memberPage.close();

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await decide(page, 'Reactivate', '');
  await expect(page.getByText('The account was reactivated.')).toBeVisible();
  expect((await page.request.post('/api/login', { data: { email: member.email, password: PASSWORD } })).ok()).toBe(true);
});

test('an admin adds an account; its owner chooses a password from the mail and signs in', async ({ page }) => {
  const email = `added.${Date.now()}@example.org`;
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Users');
  await page.getByRole('link', { name: 'New account' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Added Person');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/staff\/users\/\d+$/);
  await expect(page.getByText(email).first()).toBeVisible();

  const mail = await lastMailTo(page.request, email);
  expect(mail.subject).toBe('Your Cohort account is ready');
  await page.evaluate(() => window.localStorage.removeItem('token'));
  const link = new URL(linkIn(mail.text));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('chosen by me 2026');
  await page.getByLabel('Confirm password').fill('chosen by me 2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
  const signedIn = await page.request.post('/api/login', { data: { email, password: 'chosen by me 2026' } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
});

test('staff caption a lecture in two languages, and the player offers both', async ({ page }, info) => {
  test.setTimeout(90_000);
  const admin = await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // Signed in: a visitor gets no video (watching lectures needs an account).
  const seeded = (await (await page.request.get('/api/expert-lectures', { headers: auth(admin) })).json()).data[0];
  const title = `Captioned talk ${Date.now()}`;
  const created = await page.request.post('/api/staff/lectures', {
    headers: auth(admin),
    data: { title, author: 'Dr. Ada Okafor', video_url: new URL(seeded.video_file_url, page.url()).href, position: 99 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;

  // The list flags the lecture: it has a video and nothing to read along.
  await page.goto('/staff/lectures');
  await page.getByRole('textbox', { name: /Search/ }).fill(title);
  await expect(record(page, title).getByText('No captions')).toBeVisible();
  await openRecord(page, title, new RegExp(`/staff/lectures/${id}$`));
  const captions = page.getByRole('region', { name: 'Captions' });
  await expect(captions.getByRole('alert')).toContainText('no captions');

  // A SubRip file is refused by its content, whatever its name.
  const file = captions.getByLabel(/^Captions in /);
  await file.setInputFiles({ name: 'talk.vtt', mimeType: 'text/vtt', buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n') });
  await expect(page.getByText('Upload captions as a WebVTT file (.vtt).', { exact: false })).toBeVisible();

  await openSelect(captions.getByRole('combobox', { name: 'Language' }));
  await page.getByRole('option', { name: 'Français (fr)' }).click();
  await file.setInputFiles({ name: 'talk.fr.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:03.000\nBienvenue.\n') });
  await expect(captions.getByRole('link', { name: 'Français (fr)' })).toBeVisible();
  await expect(captions.getByRole('alert')).toHaveCount(0);
  await openSelect(captions.getByRole('combobox', { name: 'Language' }));
  await page.getByRole('option', { name: 'English (en)' }).click();
  await file.setInputFiles({ name: 'talk.en.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome.\n') });
  await expect(captions.getByRole('link', { name: 'English (en)' })).toBeVisible();
  await page.screenshot({ path: shot('lecture-captions', info.project.name), fullPage: true });

  await page.goto(`/lecture-series/${id}`);
  const tracks = page.getByLabel(`${title} video`).locator('track');
  await expect(tracks).toHaveCount(2);
  expect(await tracks.evaluateAll((all) => all.map((t) => `${(t as HTMLTrackElement).srclang}:${(t as HTMLTrackElement).label}`))).toEqual([
    'en:English',
    'fr:Français',
  ]);

  // Removing the French track leaves the English one.
  await page.goto(`/staff/lectures/${id}`);
  await page.getByRole('button', { name: 'Remove Français captions' }).click();
  await expect(captions.getByRole('link', { name: 'Français (fr)' })).toHaveCount(0);
  await expect(captions.getByRole('link', { name: 'English (en)' })).toBeVisible();
  // The lectures journey counts the seed's talks on the public list: this one goes.
  expect((await page.request.delete(`/api/staff/lectures/${id}`, { headers: auth(admin) })).ok()).toBe(true);
});

test('the console home charts the last 90 days beside the queues', async ({ page }, info) => {
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  const charts = page.getByRole('region', { name: 'The last 90 days' });
  for (const title of ['Members', 'Working groups', 'Discussions', 'Learning']) {
    await expect(charts.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  // Each chart says its totals in words; the demo's members signed up and signed in today.
  const members = charts.getByRole('figure').filter({ has: page.getByRole('heading', { name: 'Members' }) });
  await expect(members).toContainText(/Sign-ups: [1-9]\d* · Confirmed: \d+ · Signed in: [1-9]\d*/);
  await expect(members.locator('svg').first()).toBeVisible();
  await page.screenshot({ path: shot('console-home-charts', info.project.name), fullPage: true });

  // The audit log's strip counts the decisions per day: the seed made the demo admin a
  // Content Expert today.
  await openConsoleSection(page, 'Audit log');
  const strip = page.getByTestId('audit-activity');
  await expect(strip).toContainText(/[1-9]\d* decisions? in the last 90 days; the busiest day was/);
  await expect(strip.locator('svg').first()).toBeVisible();
  await page.screenshot({ path: shot('audit-activity', info.project.name), fullPage: true });

  // The filter lives in the address: a shared or reloaded link narrows the strip and the log alike.
  await page.goto('/staff/audit?subject_type=no-such-record');
  await expect(page.getByLabel('Subject type')).toHaveValue('no-such-record');
  await expect(strip).toContainText('No decision in the last 90 days.');
  await expect(page.getByText('No staff decision matches.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Subject type')).toHaveValue('no-such-record');
  await expect(page.getByText('No staff decision matches.')).toBeVisible();
});
