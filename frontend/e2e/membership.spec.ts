import { expect, test } from './fixtures';
import { approvedGroup, auth, devMessages, joined, lastMailTo, linkIn, openSelect, PASSWORD, person, shot, signInAs, signOut, uniqueEmail } from './support';

test('a member asks to join, the owner approves, and the member sees the member tabs', async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'owner');
  const asker = await person(page.request, 'asker');
  const group = await approvedGroup(page, owner, `Stroke rehab circle ${Date.now()}`);

  // Signed out: the join button leads to sign-in and back with joinGroup=true.
  await page.goto(`/working-groups/${group.slug}`);
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Supplementary Materials']);
  await page.getByRole('button', { name: 'Private member join', exact: true }).click();
  // The dialog's link (the header has a "Sign in" of its own, without the way back).
  await page.getByRole('dialog', { name: 'Sign in to join' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect_to=/);
  await page.getByLabel('Email').fill(asker.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The consent modal opens by itself with the obligations.
  const consent = page.getByRole('dialog', { name: `Join ${group.title}` });
  await expect(consent).toBeVisible();
  await expect(page).not.toHaveURL(/joinGroup/);
  await expect(consent.getByText('By joining this working group, you are committing to:')).toBeVisible();
  await expect(consent.getByText('Share what you learn')).toBeVisible();
  await expect(consent.getByText('Do you consent to the above?')).toBeVisible();
  await consent.getByRole('button', { name: 'Yes, send request' }).click();
  await expect(consent.getByText('This field is required')).toBeVisible();
  await consent.getByRole('textbox', { name: /^Message to the organisers/ }).fill('I coordinate a stroke unit and would love to contribute.');
  await page.screenshot({ path: shot('join-consent', info.project.name), fullPage: true });
  await consent.getByRole('button', { name: 'Yes, send request' }).click();
  await expect(page.getByRole('button', { name: 'Join request has been sent' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await page.goto('/working-groups/my/applied');
  await expect(page).toHaveTitle('Cohort | Working Groups | Applied');
  await expect(page.getByRole('link', { name: new RegExp(group.title) })).toBeVisible();
  await page.getByRole('tab', { name: 'Joined' }).click();
  await expect(page.getByText('No data')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse working groups' })).toBeVisible();

  // The owner approves it.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'Members',
    'Join requests/invites',
    'Supplementary Materials',
    'Updates',
    'Events',
    'Activity',
    'Data protection',
    'Reports',
    'Moderation log',
    'Webhooks',
  ]);
  await expect(page.getByLabel('Your status: Administrator')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Join requests/invites' }).click();
  const requests = page.getByRole('list', { name: 'Join requests' });
  await expect(requests.getByText('I coordinate a stroke unit and would love to contribute.')).toBeVisible();
  await expect(page.getByText('No invited members.')).toBeVisible();
  await page.screenshot({ path: shot('join-requests', info.project.name), fullPage: true });
  await requests.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByText('No join requests yet.')).toBeVisible();
  await expect(page.getByText('2 team members')).toBeVisible();

  // The member sees Members and Updates, and nothing that is not theirs to do.
  await signInAs(page, asker.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Members', 'Supplementary Materials', 'Updates', 'Events', 'Moderation log']);
  await expect(page.getByLabel('Your status: Member')).toBeVisible();
  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByText('Administrator')).toBeVisible();
  await expect(members.getByText('Member', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove|^Change role/ })).toHaveCount(0);
  await page.screenshot({ path: shot('members-tab', info.project.name), fullPage: true });
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByText('No updates')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add updates' })).toHaveCount(0);
  const post = await page.request.post(`/api/me/groups/${group.id}/post`, { headers: auth(asker.token), data: { title: 'x', text: 'y' } });
  expect(post.status()).toBe(404);
  const invite = await page.request.post(`/api/groups/${group.slug}/invite-member`, {
    headers: auth(asker.token),
    data: { email: 'x@example.org', message: 'hi' },
  });
  expect(invite.status()).toBe(403);

  await page.goto('/working-groups/my/joined');
  await expect(page).toHaveTitle('Cohort | Working Groups | Joined');
  await expect(page.getByRole('link', { name: new RegExp(group.title) })).toBeVisible();
});

test('an invitation mailed to a new address is accepted after sign-up', async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'inviter');
  const group = await approvedGroup(page, owner, `Aphasia research ${Date.now()}`);
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Join requests/invites' }).click();
  await page.getByRole('button', { name: 'Invite new member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite new member' });
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(2);
  const newcomer = uniqueEmail('invitee');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(newcomer);
  await dialog.getByRole('textbox', { name: /^Message/ }).fill('We would value a speech therapist in the group.');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText('Invite has been successfully sent.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 3_000 });
  const invited = page.getByRole('list', { name: 'Invited members' });
  await expect(invited.getByText(newcomer).first()).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Resend' })).toBeVisible();
  await page.screenshot({ path: shot('invited-members', info.project.name), fullPage: true });

  // The newcomer opens the mailed link signed out, signs up and lands back on it.
  await signOut(page);
  const link = linkIn((await lastMailTo(page.request, newcomer)).text);
  expect(link).toContain(`/working-groups/${group.slug}?invite_token=`);
  await page.goto(link);
  await expect(page.getByText('You have been invited to join this working group.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/register-lite\?redirect_to=/);
  await page.getByLabel('Name').fill('Grace Newcomer');
  await page.getByLabel('Email').fill(newcomer);
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(page.getByText('Verified: you are human')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const confirm = (await devMessages(page.request, 'mailbox')).find(
    (m) => m.to === newcomer && m.subject.includes('Confirm'),
  )!;
  await page.goto(linkIn(confirm.text));

  const modal = page.getByRole('dialog', { name: `Join ${group.title}?` });
  await expect(modal).toBeVisible({ timeout: 10_000 });
  await expect(modal.getByText('We would value a speech therapist in the group.')).toBeVisible();
  await page.screenshot({ path: shot('invitation-confirm', info.project.name), fullPage: true });
  await modal.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByLabel('Your status: Member')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}$`));

  // The link is spent: opening it again as a member just shows the group.
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}$`));

  // A withdrawn invitation says so.
  const other = await person(page.request, 'withdrawn');
  const sent = await page.request.post(`/api/groups/${group.slug}/invite-member`, {
    headers: auth(owner.token),
    data: { email: other.email, message: 'Come along' },
  });
  expect(sent.status()).toBe(201);
  const withdrawn = linkIn((await lastMailTo(page.request, other.email)).text);
  const list = (await (await page.request.get(`/api/groups/${group.slug}/invited-members`, { headers: auth(owner.token) })).json()).data;
  await page.request.delete(`/api/groups/${group.slug}/invited-members/${list[0].id}`, { headers: auth(owner.token) });
  await signInAs(page, other.email, PASSWORD);
  await page.goto(withdrawn);
  await expect(
    page.getByText('Token revoked. If you want to join this Working Group, click on "Private member join" button.'),
  ).toBeVisible();
});

test('the owner appoints a moderator who removes a member, and a member leaves', async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'chair');
  const moderator = await person(page.request, 'moderator');
  const removed = await person(page.request, 'removed');
  const leaver = await person(page.request, 'leaver');
  const group = await approvedGroup(page, owner, `Trial design club ${Date.now()}`);
  for (const member of [moderator, removed, leaver]) await joined(page.request, group.slug, owner, member);

  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(4);
  // Every member has the same display name; the first Change role after the owner is the moderator-to-be.
  await members.getByRole('button', { name: /^Change role/ }).first().click();
  const roleDialog = page.getByRole('dialog', { name: /^Role of/ });
  await openSelect(roleDialog.getByRole('combobox', { name: /^Role/ }));
  await page.getByRole('option', { name: 'Moderator' }).click();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(members.getByText('Moderator', { exact: true })).toBeVisible();

  await signInAs(page, moderator.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await expect(page.getByLabel('Your status: Moderator')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Members', 'Join requests/invites', 'Supplementary Materials', 'Updates', 'Events', 'Activity', 'Reports', 'Moderation log']);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(members.getByRole('button', { name: /^Change role/ })).toHaveCount(0);
  await expect(members.getByRole('button', { name: /^Remove/ })).toHaveCount(2);
  await members.getByRole('button', { name: /^Remove/ }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(3);
  await page.screenshot({ path: shot('moderator-members', info.project.name), fullPage: true });
  const removedView = await (await page.request.get(`/api/groups/${group.slug}`, { headers: auth(removed.token) })).json();
  expect(removedView.data.is_member).toBe(false);

  // A member leaves after confirming and is taken back to the list.
  await signInAs(page, leaver.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'Leave' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have left the working group.')).toBeVisible();
  await expect(page).toHaveURL(/\/working-groups\/list$/, { timeout: 5_000 });
  const after = await (await page.request.get(`/api/groups/${group.slug}`)).json();
  expect(after.data.members).toBe(2);
});
