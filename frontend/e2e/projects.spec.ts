import { expect, type Locator, type Page, test } from './fixtures';
import { auth, DEMO_ADMIN, drawnPng, eligibleCreator, liveProject, openConsoleSection, openSelect, PASSWORD, person, shot, signInAs } from './support';

test('a member sees why they cannot submit a project yet, and where to fix it', async ({ page }, info) => {
  const member = await person(page.request, 'not.yet');
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/submit-project');
  await expect(page).toHaveTitle('Cohort | Submit a project');
  await expect(page.getByText('Anyone seeking funding for a project must show university affiliation.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up your university affiliation' })).toHaveAttribute('href', '/my-profile/affiliations');
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toBeVisible();
  await page.screenshot({ path: shot('project-not-eligible', info.project.name), fullPage: true });
  await page.goto('/my-projects');
  await expect(page.getByText('You have no projects yet.')).toBeVisible();
});

test('an affiliated member writes a project step by step, submits it, and staff approve it', async ({ page }, info) => {
  // Four wizard steps, staff review, an update and its approval, each screen axe-checked: 2.5–3 min
  // on CI's two cores with the other worker busy.
  test.setTimeout(240_000);
  const owner = await person(page.request, 'project.owner');
  await eligibleCreator(page.request, owner);
  await signInAs(page, owner.email, PASSWORD);
  const title = `Early sepsis ${info.project.name} ${Date.now()}`;

  // The way in is the account menu, not a typed address.
  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Submit a project' }).click();
  await expect(page.getByRole('heading', { name: 'Submit a project' })).toBeVisible();
  // Step 1: nothing typed names both fields (once the editor is in, so the button stays put).
  await expect(page.getByRole('textbox', { name: /^Lay summary/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save & next' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await openSelect(page.getByRole('combobox', { name: /^Topics/ }));
  await page.getByRole('option', { name: 'Paediatrics' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: /^Lay summary/ }).fill('A blood test that finds sepsis in children hours earlier.');
  await page.getByLabel('Project image file').setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: await drawnPng(page, 1200, 630) });
  await page.getByRole('button', { name: 'Save & next' }).click();

  // Step 2: the research.
  const research = page.getByRole('form', { name: 'Research' });
  await expect(research).toBeVisible();
  await research.getByRole('textbox', { name: /^The problem/ }).fill('Sepsis is found too late.');
  await research.getByRole('textbox', { name: /^Aims/ }).fill('Find it early.');
  await research.getByRole('textbox', { name: /^Methods/ }).fill('A cohort of 400 children in three hospitals.');
  await research.getByRole('textbox', { name: /^Expected impact/ }).fill('Fewer deaths.');
  await openSelect(research.getByRole('combobox', { name: /Research ethics approval/ }));
  await page.getByRole('option', { name: 'Submitted, waiting for approval' }).click();
  await research.getByRole('textbox', { name: /^Conflicts of interest/ }).fill('None to declare.');
  await page.screenshot({ path: shot('project-research', info.project.name), fullPage: true });
  await research.getByRole('button', { name: 'Save & next' }).click();

  // Step 3: the team and what the project needs, each row's fields checked.
  const team = page.getByRole('form', { name: 'Team and needs' });
  await team.getByRole('button', { name: 'Add a person' }).click();
  await team.getByRole('button', { name: 'Add a need' }).click();
  await team.getByRole('textbox', { name: 'E-mail (optional)' }).fill('not-an-address');
  await team.getByRole('button', { name: 'Save & next' }).click();
  await expect(team.getByText('This field is required')).toHaveCount(3);
  await expect(team.getByText('Must be a valid email')).toBeVisible();
  await team.getByRole('textbox', { name: /^Name/ }).fill('Dr Ana Lima');
  await team.getByRole('textbox', { name: 'E-mail (optional)' }).fill('');
  await team.getByRole('textbox', { name: /^Role/ }).fill('Principal investigator');
  await openSelect(team.getByRole('combobox', { name: /^Kind/ }));
  await page.getByRole('option', { name: 'Data' }).click();
  await team.getByRole('textbox', { name: /^What is needed/ }).fill('Anonymised emergency-room records.');
  await page.screenshot({ path: shot('project-team', info.project.name), fullPage: true });
  await team.getByRole('button', { name: 'Save & next' }).click();

  // Step 4: the budget; the server's limit shows under its field.
  const budget = page.getByRole('form', { name: 'Budget' });
  await budget.getByRole('textbox', { name: /^Total budget/ }).fill('40000');
  const lines = budget.getByRole('group', { name: 'Budget lines' });
  for (const [item, amount] of [
    ['Research nurses', '30000'],
    ['Assays', '9000'],
  ]) {
    await lines.getByRole('button', { name: 'Add a line' }).click();
    await lines.getByRole('textbox', { name: /^Item/ }).last().fill(item);
    await lines.getByRole('textbox', { name: /^Amount/ }).last().fill(amount);
  }
  await budget.getByRole('textbox', { name: /^Funding goal/ }).fill('25000');
  await budget.getByRole('textbox', { name: /^Campaign length/ }).fill('90');
  const milestones = budget.getByRole('group', { name: 'Milestones' });
  await milestones.getByRole('button', { name: 'Add a milestone' }).click();
  await milestones.getByRole('textbox', { name: /^Milestone/ }).fill('Recruitment');
  await milestones.getByRole('textbox', { name: /^Amount/ }).fill('10000');
  await milestones.getByRole('textbox', { name: /^What it pays for/ }).fill('Two research nurses for six months.');
  await budget.getByRole('button', { name: 'Save & next' }).click();
  await expect(budget.getByText('Ensure this value is between 15 and 60.')).toBeVisible();
  await expect(budget.getByText('The line items add up to CA$39,000, not the total budget of CA$40,000.')).toBeVisible();
  await lines.getByRole('textbox', { name: /^Amount/ }).last().fill('10000');
  await budget.getByRole('textbox', { name: /^Campaign length/ }).fill('30');
  await page.screenshot({ path: shot('project-budget', info.project.name), fullPage: true });
  await budget.getByRole('button', { name: 'Save & next' }).click();

  // Step 5: what staff will read, then submission.
  const review = page.getByRole('form', { name: 'Review and submit' });
  await expect(review.getByRole('heading', { name: title })).toBeVisible();
  await expect(review.getByText('CA$25,000 over 30 days')).toBeVisible();
  await expect(review.getByRole('row', { name: 'Total budget CA$40,000' })).toBeVisible();
  await expect(review.getByText('Recruitment · CA$10,000')).toBeVisible();
  await page.screenshot({ path: shot('project-review', info.project.name), fullPage: true });
  await review.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Your project has been sent for review')).toBeVisible();

  await page.getByRole('link', { name: 'My projects' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await page.screenshot({ path: shot('my-projects', info.project.name), fullPage: true });

  // In the console, staff send it back with a reason; the owner reads it and submits again.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Projects');
  const queued = page.getByRole('article', { name: title });
  await expect(queued.getByText('A blood test that finds sepsis in children hours earlier.')).toBeVisible();
  // Staff read everything the public page will show: the team and needs too.
  await expect(queued.getByText('Dr Ana Lima')).toBeVisible();
  await expect(queued.getByText('Anonymised emergency-room records.')).toBeVisible();
  await page.screenshot({ path: shot('staff-projects', info.project.name), fullPage: true });
  await queued.getByRole('button', { name: 'Send back' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Say how the children are recruited.');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('Project sent back.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  const back = page.getByRole('article', { name: title });
  await expect(back.getByText('Staff sent it back: Say how the children are recruited.')).toBeVisible();
  // Before it is public its owner previews its page as visitors will see it.
  await expect(back.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', /^\/project\//);
  await back.getByRole('link', { name: 'Edit and submit again' }).click();
  await page.getByRole('textbox', { name: /^Lay summary/ }).fill('Recruited in the emergency rooms of three hospitals.');
  await page.getByRole('button', { name: 'Save & next' }).click();
  for (const step of ['Research', 'Team and needs', 'Budget']) {
    await page.getByRole('form', { name: step }).getByRole('button', { name: 'Save & next' }).click();
  }
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Your project has been sent for review')).toBeVisible();

  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Projects');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Project approved.')).toBeVisible();

  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await expect(page.getByRole('article', { name: title }).getByText('Live')).toBeVisible();

  // Anyone finds it from the home page's navigation and reads its page.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/projects');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Projects' }).click();
  await page.getByRole('menu', { name: 'Projects' }).getByRole('menuitem', { name: 'Browse projects' }).click();
  await expect(page).toHaveTitle('Cohort | Projects');
  // The topics load with the page: open the menu again until they are in it.
  const paediatrics = page.getByRole('option', { name: 'Paediatrics' });
  await expect(async () => {
    if (!(await paediatrics.isVisible())) {
      await page.keyboard.press('Escape');
      await openSelect(page.getByRole('combobox', { name: 'Topics' }));
    }
    await expect(paediatrics).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // Topics by slug, several at once, like the groups list (issue 43, item 2).
  await paediatrics.click();
  await page.getByRole('option', { name: 'Stroke' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]tags=paediatrics%2Cstroke(&|$)/);
  await openSelect(page.getByRole('combobox', { name: 'Sorted by' }));
  await page.getByRole('option', { name: 'Ending soon' }).click();
  await searchProjects(page, title);
  const tile = page.getByRole('article', { name: title });
  await expect(tile).toHaveCount(1);
  await expect(tile.getByText('Paediatrics')).toBeVisible();
  await expect(tile.locator('img')).toBeVisible();
  await expect(tile.getByText('Goal CA$25,000 · 30 days left')).toBeVisible();
  await page.screenshot({ path: shot('projects', info.project.name), fullPage: true });
  await tile.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Recruited in the emergency rooms of three hospitals.')).toBeVisible();
  await expect(page.getByText('Submitted, waiting for approval')).toBeVisible();
  await expect(page.getByText('0 favorites', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prize eligibility' }).getByText('0 favorites of 25')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team' }).getByText('Principal investigator')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What this project needs' }).getByText('Anonymised emergency-room records.')).toBeVisible();
  await page.screenshot({ path: shot('project-page', info.project.name), fullPage: true });

  // /needs lists it among every live project's needs, by kind.
  await page.goto('/needs');
  await page.getByRole('group', { name: 'Kind of need' }).getByRole('button', { name: 'Data' }).click();
  const need = page.getByRole('listitem').filter({ hasText: title });
  await expect(need.getByText('Anonymised emergency-room records.')).toBeVisible();
  await page.screenshot({ path: shot('needs', info.project.name), fullPage: true });
  await need.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A member gives it a heart and finds it among the dashboard's favorite projects.
  const fan = await person(page.request, 'project.fan');
  await signInAs(page, fan.email, PASSWORD);
  await page.goto('/projects');
  await searchProjects(page, title);
  await page.getByRole('article', { name: title }).getByRole('link').click();
  const heart = page.getByRole('button', { name: /Add to favorites · 0 favorites/ });
  await heart.click();
  await expect(page.getByRole('button', { name: /Favorite · 1 favorite/ })).toHaveAttribute('aria-pressed', 'true');
  // ... reviews it under the terms' guidelines (every criterion rated, or told which is not) ...
  const panel = page.getByRole('region', { name: 'Dynamic Review' });
  await expect(panel.getByText('No reviews yet.')).toBeVisible();
  await expect(panel.getByText('No organised campaigns to push a rating up or down.')).toBeVisible();
  await panel.getByRole('button', { name: 'I agree, write a review' }).click();
  const form = panel.getByRole('form', { name: 'Write a review' });
  await rate(form, 'Scientific merit', 5);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5.')).toHaveCount(4);
  for (const [criterion, stars] of [
    ['Feasibility', 4],
    ['Relevance to patients', 5],
    ['Clarity', 3],
    ['Team', 4],
  ] as const) {
    await rate(form, criterion, stars);
  }
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('My son had sepsis; an earlier test matters.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await expect(panel.getByText('1 review from members.')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Reviews' }).getByText('My son had sepsis; an earlier test matters.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Update review' })).toBeVisible();
  await page.screenshot({ path: shot('project-dynamic-review', info.project.name), fullPage: true });
  await page.reload();
  await expect(panel.getByText('5.0 of 5')).toHaveCount(2);
  await expect(panel.getByRole('form', { name: 'Your review' })).toBeVisible();

  // ... and comments in the project's discussion.
  const discussion = page.getByRole('region', { name: 'Discussion' });
  const composer = discussion.getByRole('form', { name: 'Start a discussion' });
  const question = `How are the children recruited? (${info.project.name})`;
  await composer.getByRole('textbox', { name: /^Start a discussion/ }).fill(question);
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(discussion.getByText(question)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Backed projects (0)' })).toBeVisible();
  await page.getByRole('button', { name: /Favorite projects \(1\)/ }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // The owner's public profile lists the project they created.
  const ownerId = (await (await page.request.get('/api/me', { headers: auth(owner.token) })).json()).data.id as number;
  await page.goto(`/profile/${ownerId}`);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', /^\/project\//);
  await expect(page.getByRole('heading', { name: 'Projects backed' })).toBeVisible();
  await page.screenshot({ path: shot('profile-projects', info.project.name), fullPage: true });

  // The owner posts an update (it opens its edit screen 2 s later); staff approve it; the
  // member who favourited the project hears of it and reads it on the project's page.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Updates' }).click();
  await expect(page.getByText('Project updates', { exact: true })).toBeVisible();
  await expect(page.getByText('No updates')).toBeVisible();
  await page.getByRole('link', { name: 'Add an update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an update' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'Update' });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('This field is required')).toHaveCount(2);
  // Unique per try: a retried journey must not find the first try's update waiting beside its own.
  const news = `The first forty children (${info.project.name} ${Date.now()})`;
  await editor.getByRole('textbox', { name: /^Title/ }).fill(news);
  await editor.getByRole('textbox', { name: /^Text of update/ }).fill('Recruitment opened in all three hospitals.');
  await editor.getByLabel('Project Image file').setInputFiles({ name: 'u.png', mimeType: 'image/png', buffer: await drawnPng(page, 600, 300) });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Success', { exact: true })).toBeVisible();
  // The spec's route names the update alone, and opens it again as it is.
  await expect(page).toHaveURL(/\/project-updates\/edit\/\d+$/, { timeout: 5_000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit updates' })).toBeVisible();
  await expect(editor.getByRole('textbox', { name: /^Title/ })).toHaveValue(news);
  await page.screenshot({ path: shot('project-update-form', info.project.name), fullPage: true });
  await page.getByRole('link', { name: 'Projects updates' }).click();
  await expect(page.getByText('waiting for approval')).toBeVisible();
  await page.screenshot({ path: shot('project-updates', info.project.name), fullPage: true });

  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Project updates');
  await page.getByRole('article', { name: news }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Update approved.')).toBeVisible();

  await signInAs(page, fan.email, PASSWORD);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
  await bell.click();
  const heard = page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`New update on ${title}`) });
  await expect(heard).toBeVisible();
  await heard.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Updates' }).getByRole('heading', { name: news })).toBeVisible();
});

/** Clicks the `stars`-th star of a criterion, as a member would (the radio itself is hidden). */
async function rate(form: Locator, criterion: string, stars: number) {
  const group = form.getByRole('group', { name: criterion });
  await group.locator('label').filter({ hasText: new RegExp(`^${stars} Stars?$`) }).click();
  await expect(group.getByRole('radio', { name: `${stars} Star`, exact: false })).toBeChecked();
}

/** Types a search on /projects and waits for its answer (the list is replaced when it comes). */
async function searchProjects(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/projects?') && r.url().includes('search='));
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await answered;
}

test('the owner changes a live project, and staff compare and approve the changes while the public keeps the approved version', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { owner, title, slug } = await liveProject(page, 'project.changes', `Sleep after surgery ${info.project.name}`);
  const changed = `${title} (revised)`;
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByText('This project is live. What you change here waits for staff approval')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(changed);
  await page.getByRole('button', { name: 'Save & next' }).click();
  await page.getByRole('form', { name: 'Research' }).getByRole('button', { name: 'Save & next' }).click();
  await page.getByRole('button', { name: 'Save & next' }).click();
  await expect(page.getByText('The budget of a live campaign cannot change')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Your changes wait for staff approval. Until then everyone sees the approved version.')).toBeVisible();
  await page.screenshot({ path: shot('project-changes-owner', info.project.name), fullPage: true });
  await page.getByRole('link', { name: 'My projects' }).click();
  await expect(page.getByRole('article', { name: changed }).getByText('Changes wait for approval')).toBeVisible();
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Projects');
  await page.getByRole('tab', { name: 'Changes to live projects' }).click();
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Compare and decide' }).click();
  const titleRow = page.getByRole('row', { name: /^Title/ });
  await expect(titleRow.getByText('changed')).toBeVisible();
  await expect(titleRow.getByText(changed)).toBeVisible();
  await page.screenshot({ path: shot('staff-project-changes', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Approve changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve changes' }).click();
  await expect(page.getByText('Changes approved.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Changes to live projects', selected: true })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();

  // The page's address is shared by copying it (no share sheet in a desktop browser).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: /^Share/ }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/project/${slug}`, page.url()).toString());
});

test('staff suspend a live project with a reason, reactivate it, and close it', async ({ page }, info) => {
  const { title, slug } = await liveProject(page, 'project.suspended', `Sleep after surgery ${info.project.name}`);

  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Projects');
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Patients are named in the methods.');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Project suspended.')).toBeVisible();
  await page.getByRole('tab', { name: 'Suspended' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page.screenshot({ path: shot('staff-projects-suspended', info.project.name), fullPage: true });
  expect((await page.request.get(`/api/projects/${slug}`)).status()).toBe(404);

  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Project reactivated.')).toBeVisible();
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Project closed.')).toBeVisible();
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
});
