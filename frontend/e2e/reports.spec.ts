import { expect, expectAccessible, test } from './fixtures';
import { approvedGroup, auth, joined, openConsoleSection, PASSWORD, person, shot, signInAs, signOut, DEMO_ADMIN } from './support';

const nameOf = async (request: import('./fixtures').APIRequestContext, token: string) =>
  (await (await request.get('/api/me', { headers: auth(token) })).json()).data.name as string;

test('a member reports a topic, the group owner hides it with a reason, and the log shows who did it', async ({ page }, info) => {
  test.setTimeout(120_000);
  const owner = await person(page.request, 'curator');
  const author = await person(page.request, 'claimant');
  const reader = await person(page.request, 'reader');
  const second = await person(page.request, 'second');
  const group = await approvedGroup(page, owner, `Sleep clinic ${Date.now()}`);
  await joined(page.request, group.slug, owner, author);
  const started = await page.request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(author.token),
    data: { text: '<p>Melatonin cures insomnia in every patient, no need for a doctor.</p>' },
  });
  expect(started.status()).toBe(201);
  const topicId = (await started.json()).data.id as number;

  // A reader reports the topic from the group's discussion.
  await signInAs(page, reader.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}#discussion`);
  const topic = page.getByRole('region', { name: 'Discussion' }).getByRole('article', { name: /^Topic by/ });
  await topic.getByRole('button', { name: 'Report this topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this topic' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell the moderators what is wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'False or dangerous medical claim' }).check();
  await dialog.getByLabel('What is wrong?').fill('It tells patients to skip their doctor.');
  await page.screenshot({ path: shot('report-dialog', info.project.name) });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. The moderators will review your report.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Reporting twice is refused, with the reason in the form.
  await topic.getByRole('button', { name: 'Report this topic' }).click();
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('You have already reported this; the moderators will review it.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const another = await page.request.post('/api/reports', {
    headers: auth(second.token),
    data: { subject_type: 'topic', subject_id: topicId, reason: 'medical_misinformation' },
  });
  expect(another.status()).toBe(201);

  // The owner reviews it on the group's Reports tab: the reasons and what was said, never who.
  await signOut(page);
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Reports' }).click();
  const card = page.getByRole('article', { name: /^Reported topic: Melatonin cures insomnia/ });
  await expect(card.getByText('2 reports')).toBeVisible();
  await expect(card.getByText('False or dangerous medical claim × 2')).toBeVisible();
  await expect(card.getByText('It tells patients to skip their doctor.')).toBeVisible();
  await expect(card).not.toContainText(reader.email);
  await page.screenshot({ path: shot('group-reports', info.project.name), fullPage: true });
  await expectAccessible(page, 'on the Reports tab');
  await card.getByRole('button', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide: topic' });
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide.getByText('Give a reason: the author will read it.')).toBeVisible();
  await hide.getByLabel('Reason').fill('Medical advice needs a source; please cite one.');
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Done: the reports are settled.')).toBeVisible();
  await expect(page.getByText('Nothing is waiting for review.')).toBeVisible();

  // The members read what was done, and by whom.
  await page.getByRole('tab', { name: 'Moderation log' }).click();
  const log = page.getByRole('list', { name: 'Moderation log' });
  const ownerName = await nameOf(page.request, owner.token);
  const authorName = await nameOf(page.request, author.token);
  await expect(log.getByText(`${ownerName} hid a topic by ${authorName}`)).toBeVisible();
  await expect(log.getByText(/Reason: Medical advice needs a source; please cite one\./)).toBeVisible();
  await page.screenshot({ path: shot('moderation-log', info.project.name), fullPage: true });

  // Others see only that it is hidden; its author reads it with the reason, and was told.
  await signOut(page);
  await page.goto(`/working-groups/${group.slug}#discussion`);
  await page.reload();
  await expect(page.getByText('This topic is hidden by the moderators.')).toBeVisible();
  await expect(page.getByText('Melatonin cures insomnia')).toHaveCount(0);
  await signInAs(page, author.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}#discussion`);
  await page.reload();
  await expect(page.getByText('Hidden from other members by the moderators. Reason: Medical advice needs a source; please cite one.')).toBeVisible();
  const told = (await (await page.request.get('/api/me/notifications', { headers: auth(author.token) })).json()).data;
  expect(told.map((n: { title: string }) => n.title)).toContain('Hidden by the moderators');
  // The hiding is in the author's audit trail, sealed with its hash.
  await page.goto('/my-profile/audit');
  const trail = page.getByRole('list', { name: 'Audit trail' });
  const entry = trail.getByRole('article').filter({ hasText: 'Your topic was hidden by the moderators' });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Reason: Medical advice needs a source; please cite one.')).toBeVisible();
  await expect(entry.getByText(/^Hash: [0-9a-f]{64}$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/audit-trail.png', fullPage: true });

  // Staff see the whole log in the console.
  await signOut(page);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Reports');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.getByRole('tab', { name: 'Moderation log' }).click();
  await expect(page.getByRole('list', { name: 'Moderation log' }).getByText(`${ownerName} hid a topic by ${authorName}`)).toBeVisible();
});
