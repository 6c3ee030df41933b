import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, auth, DEMO_ADMIN, liveProject, openConsoleSection, PASSWORD, PDF, person, type Person, pledgeWithCard, shot, signInAs, signOut } from './support';

/** Two milestones of a CA$5,000 goal: CA$4,550 is held once the 9% fee is kept, in tranches
 * of CA$2,730 and CA$1,820. */
const MILESTONES = [
  { title: 'Recruitment', amount_cents: 300_000, description: 'Two research nurses for six months.' },
  { title: 'Analysis', amount_cents: 200_000, description: 'The statistician’s time.' },
];

/** A live project with two milestones whose pledges (CA$3,000, CA$1,500 and CA$500) reach the
 * goal; its owner's payout account verified; the demo admin, a Content Expert, approves it and
 * its funds go into escrow. With `registerInBrowser`, its owner first registers its protocol
 * through the browser, as the campaign waits for (otherwise it is registered before it is
 * submitted). */
async function inEscrow(page: Page, prefix: string, name: string, { registerInBrowser = false } = {}) {
  const project = await liveProject(page, `${prefix}.owner`, name, { milestones: MILESTONES, protocol: !registerInBrowser });
  if (registerInBrowser) await registerProtocol(page, project.owner, project.title);
  const donors: Person[] = [];
  for (const [n, cents] of [300_000, 150_000, 50_000].entries()) {
    const donor = await person(page.request, `${prefix}.donor${n}`);
    await pledgeWithCard(page.request, project.slug, donor, '4242424242424242', cents);
    donors.push(donor);
  }
  await payoutReady(page.request, project.owner);
  const admin = await adminToken(page.request);
  const me = (await (await page.request.get('/api/me', { headers: auth(admin) })).json()).data.id as number;
  const appointed = await page.request.put(`/api/staff/users/${me}/content-expert`, { headers: auth(admin), data: { content_expert: true } });
  expect(appointed.ok(), await appointed.text()).toBe(true);
  const approved = await page.request.post(`/api/staff/projects/${project.id}/funding`, { headers: auth(admin), data: { verdict: 'approve' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await expect
    .poll(async () => (await (await page.request.get(`/api/projects/${project.slug}`)).json()).data.funding.state, { timeout: 20_000 })
    .toBe('in_escrow');
  return { ...project, donors };
}

/** `owner` registers the protocol of their project `title` from My projects. */
async function registerProtocol(page: Page, owner: Person, title: string) {
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Protocol' }).click();
  const editor = page.getByRole('textbox', { name: /^Protocol/ });
  await editor.click();
  await editor.pressSequentially('Adults after surgery wear a sleep tracker for 14 nights; milestone 1 recruits, milestone 2 analyses.');
  await page.getByRole('button', { name: 'Register the protocol' }).click();
  await page.getByRole('dialog', { name: 'Register version 1?' }).getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Version 1 of the protocol is registered.')).toBeVisible();
  await signOut(page);
}

/** The owner's payout account, registered and verified through the test processor's form. */
async function payoutReady(request: APIRequestContext, owner: Person) {
  const started = await request.post('/api/me/payout-account/onboarding', { headers: auth(owner.token), data: {} });
  expect(started.ok(), await started.text()).toBe(true);
  const url = new URL((await started.json()).data.url as string, 'http://localhost');
  const account = url.pathname.split('/').pop() ?? '';
  const bank = { institution: 'University of Toronto', transit_number: '00011', institution_number: '002', account_number: '1234567', link: url.searchParams.get('link') };
  expect((await request.post(`/api/test-processor/accounts/${account}/onboard`, { data: bank })).ok()).toBe(true);
}

/** The owner reports milestone `n` from the project page. */
async function report(page: Page, slug: string, n: number, evidence: string, links = '') {
  await page.goto(`/project/${slug}`);
  const milestone = page.getByRole('listitem', { name: new RegExp(`^Milestone ${n}:`) });
  await milestone.getByRole('button', { name: /^Report (this milestone|it again)$/ }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Report milestone ${n}`) });
  const editor = dialog.getByRole('textbox', { name: /^What was done/ });
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.pressSequentially(evidence);
  if (links) await dialog.getByRole('textbox', { name: 'Links' }).fill(links);
  await dialog.getByRole('button', { name: 'Report the milestone' }).click();
  await expect(page.getByText(`Milestone ${n} is reported: a Content Expert verifies it next.`)).toBeVisible();
}

/** A Content Expert decides on the oldest reported milestone of `title` in the console. */
async function decide(page: Page, title: string, n: number, verdict: 'verify' | 'return', reason = '') {
  await page.goto('/staff');
  await openConsoleSection(page, 'Milestones');
  const card = page.getByRole('article', { name: new RegExp(`^${title}, milestone ${n}$`) });
  if (verdict === 'verify') {
    await card.getByRole('button', { name: 'Verify and pay out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verify and pay out' }).click();
    await expect(page.getByText(`Milestone ${n} is verified: its tranche is paid out.`)).toBeVisible();
  } else {
    await card.getByRole('button', { name: 'Send back' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await dialog.getByRole('button', { name: /^(Send back|Reject and end the project)$/ }).click();
  }
}

test('from its protocol’s registration, a funded project is paid out of escrow milestone by milestone, one sent back once on the way, then posts its results @phone', async ({ page }, info) => {
  test.setTimeout(180_000);
  // From the protocol's registration, which the campaign waits for.
  const { slug, title, owner, donors } = await inEscrow(page, 'escrow.paid', `Sleep after surgery ${info.project.name}`, { registerInBrowser: true });

  // The owner sees the schedule and reports the first milestone; a bad link is named.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  const section = page.getByRole('region', { name: 'Milestones in escrow' });
  await expect(section.getByText('Held in escrow CA$4,550')).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Milestone 1: Recruitment' }).getByText(/^CA\$2,730 · due /)).toBeVisible();
  await page.screenshot({ path: shot('escrow-schedule', info.project.name), fullPage: true });
  await section.getByRole('listitem', { name: 'Milestone 1: Recruitment' }).getByRole('button', { name: 'Report this milestone' }).click();
  const dialog = page.getByRole('dialog', { name: /^Report milestone 1/ });
  await dialog.getByRole('button', { name: 'Report the milestone' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  const editor = dialog.getByRole('textbox', { name: /^What was done/ });
  await editor.click();
  await editor.pressSequentially('All 120 patients are recruited.');
  await dialog.getByRole('textbox', { name: 'Links' }).fill('https://osf.io/abc12/\nosf recruitment log');
  await dialog.getByRole('button', { name: 'Report the milestone' }).click();
  await expect(dialog.getByText('Line 2: Enter a valid URL.')).toBeVisible();
  // Files go with the report: PDFs only, uploaded as chosen, removable until it is sent.
  await dialog.getByLabel('Evidence file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  await expect(page.getByText('Attach the evidence as PDF files.')).toBeVisible();
  await dialog.getByLabel('Evidence file').setInputFiles({ name: 'draft.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Remove draft.pdf' }).click();
  await expect(dialog.getByText('draft.pdf')).toHaveCount(0);
  await dialog.getByLabel('Evidence file').setInputFiles({ name: 'recruitment log.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('recruitment log.pdf')).toBeVisible();
  await page.screenshot({ path: shot('escrow-report', info.project.name), fullPage: true });
  await dialog.getByRole('textbox', { name: 'Links' }).fill('https://osf.io/abc12/');
  await dialog.getByRole('button', { name: 'Report the milestone' }).click();
  await expect(page.getByText('Milestone 1 is reported: a Content Expert verifies it next.')).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Milestone 1: Recruitment' }).getByText('Reported: being verified')).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Milestone 1: Recruitment' }).getByRole('link', { name: 'recruitment log.pdf' })).toBeVisible();
  await signOut(page);

  // The Content Expert verifies it in the console: its tranche is paid out.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Milestones');
  const card = page.getByRole('article', { name: `${title}, milestone 1` });
  await expect(card.getByRole('link', { name: 'https://osf.io/abc12/' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'recruitment log.pdf' })).toBeVisible();
  await page.screenshot({ path: shot('escrow-console', info.project.name), fullPage: true });
  await decide(page, title, 1, 'verify');
  await signOut(page);

  // The second is sent back once with a reason, reported again, and verified: all paid out.
  await signInAs(page, owner.email, PASSWORD);
  await report(page, slug, 2, 'The analysis plan is followed.');
  await signOut(page);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await decide(page, title, 2, 'return', 'Share the statistical analysis report.');
  await expect(page.getByText('Milestone 2 is sent back.')).toBeVisible();
  await signOut(page);
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  await expect(section.getByText('Sent back: Share the statistical analysis report.')).toBeVisible();
  await report(page, slug, 2, 'The report is on OSF.', 'https://osf.io/xyz34/');
  await signOut(page);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await decide(page, title, 2, 'verify');
  await signOut(page);

  // A donor reads where the money went, and was told at each step.
  await signInAs(page, donors[0].email, PASSWORD);
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('region', { name: 'Funding' }).getByText('Funded: the funds were paid out to the research team’s institution.')).toBeVisible();
  await expect(section.getByText('Paid out CA$4,550')).toBeVisible();
  await expect(section.getByText('Verified')).toHaveCount(2);
  await expect(section.getByRole('link', { name: 'recruitment log.pdf' })).toBeVisible();
  await page.screenshot({ path: shot('escrow-paid-out', info.project.name), fullPage: true });
  const notes = (await (await page.request.get('/api/me/notifications', { headers: auth(donors[0].token) })).json()).data as { title: string }[];
  expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Milestone reported', 'Milestone sent back', 'Milestone verified']));
  await expect(page.getByRole('region', { name: 'Results' }).getByText(/^The results are due by /)).toBeVisible();
  await signOut(page);

  // Paid out in full, the project owes its results: the public tracker lists it until the
  // owner posts them, with every deviation from the protocol named.
  await page.goto('/results');
  await expect(page.getByRole('heading', { level: 1, name: 'Results tracker' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) }).getByText(/^Due by /)).toBeVisible();
  await page.screenshot({ path: shot('results-tracker', info.project.name), fullPage: true });
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByRole('button', { name: 'Post the results' }).click();
  const form = page.getByRole('dialog', { name: 'Post the results' });
  for (const [label, text] of [
    ['Lay summary', 'Patients slept an hour longer at home.'],
    ['Outcomes', 'Primary outcome: total sleep time rose by 62 minutes.'],
  ] as const) {
    const editor = form.getByRole('textbox', { name: new RegExp(`^${label}`) });
    await editor.click();
    await editor.pressSequentially(text);
  }
  await form.getByRole('textbox', { name: 'Publications' }).fill('doi:10.1056/NEJMoa2007764\nthe trial page');
  await form.getByRole('textbox', { name: 'Data' }).fill('https://osf.io/abc12/');
  await form.getByRole('button', { name: 'Add a deviation' }).click();
  await form.getByRole('textbox', { name: /^Deviation 1/ }).fill('Sample size');
  await form.getByRole('textbox', { name: /^Why/ }).fill('Recruitment stopped at 110 of 120.');
  await form.getByRole('button', { name: 'Post the results' }).click();
  await page.getByRole('dialog', { name: 'Post the results?' }).getByRole('button', { name: 'Post the results' }).click();
  await expect(form.getByText(/^Line 2: Enter a DOI, a PubMed id/)).toBeVisible();
  await page.screenshot({ path: shot('results-form', info.project.name), fullPage: true });
  await form.getByRole('textbox', { name: 'Publications' }).fill('doi:10.1056/NEJMoa2007764');
  await form.getByRole('button', { name: 'Post the results' }).click();
  await page.getByRole('dialog', { name: 'Post the results?' }).getByRole('button', { name: 'Post the results' }).click();
  await expect(page.getByText('The results are posted: the backers and followers are told.')).toBeVisible();
  await expect(results.getByText('Patients slept an hour longer at home.')).toBeVisible();
  await expect(results.getByRole('listitem').filter({ hasText: '10.1056/NEJMoa2007764' }).getByText('DOI')).toBeVisible();
  await expect(results.getByText('Recruitment stopped at 110 of 120.')).toBeVisible();
  await page.screenshot({ path: shot('results-posted', info.project.name), fullPage: true });
  await page.goto('/results');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  // Everyone's feed says so, as it said each milestone verified.
  await page.goto('/feed');
  await expect(page.getByText(`${title} posted its results.`)).toBeVisible();
  const told = (await (await page.request.get('/api/me/notifications', { headers: auth(donors[1].token) })).json()).data as { title: string }[];
  expect(told.map((n) => n.title)).toContain('Results posted');
});

test('a milestone sent back twice ends the project and what is left goes back to its donors pro rata @phone', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { id, slug, title, owner, donors } = await inEscrow(page, 'escrow.ended', `Falls at home ${info.project.name}`);
  for (const time of [1, 2]) {
    await signInAs(page, owner.email, PASSWORD);
    await report(page, slug, 1, `Recruitment is under way (report ${time}).`);
    await signOut(page);
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await decide(page, title, 1, 'return', 'The recruitment log is not shared.');
    await expect(page.getByText(time === 1 ? 'Milestone 1 is sent back.' : 'The milestone is rejected: the project ended and its escrow is being refunded.')).toBeVisible();
    await signOut(page);
  }

  // CA$4,550 held, back to pledges of CA$3,000, CA$1,500 and CA$500: CA$2,730, CA$1,365, CA$455.
  await signInAs(page, donors[1].email, PASSWORD);
  await page.goto(`/project/${slug}`);
  const section = page.getByRole('region', { name: 'Milestones in escrow' });
  await expect(section.getByText('Returned to donors CA$4,550')).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Milestone 1: Recruitment' }).getByText('Rejected: The recruitment log is not shared.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funding' }).getByText(/The project ended on a milestone/)).toBeVisible();
  await page.screenshot({ path: shot('escrow-ended', info.project.name), fullPage: true });
  await page.goto('/my-profile/pledges');
  await expect(page.getByRole('article', { name: title }).getByText('Refunded')).toBeVisible();
  const notes = (await (await page.request.get('/api/me/notifications', { headers: auth(donors[1].token) })).json()).data as { title: string; message: string }[];
  expect(notes.find((n) => n.title === 'Project ended')?.message).toContain('The CA$4,550 left in escrow');
  await signOut(page);

  // The books: each donor's share refunded, to the cent, and nothing left in escrow.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/staff/funding/${id}`);
  const ledger = page.getByRole('table', { name: 'Ledger' });
  for (const share of ['−CA$2,730', '−CA$1,365', '−CA$455']) await expect(ledger.getByText(share, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('row', { name: /Held by Cohort CA\$0/ })).toBeVisible();
});
