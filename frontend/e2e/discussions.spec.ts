import { expect, test } from './fixtures';
import { approvedGroup, auth, drawnPng, joined, PASSWORD, PDF, person, shot, signInAs, signOut } from './support';

test('members discuss: a topic with an image, a quoted reply with a PDF, votes, edit and delete', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(120_000);
  const owner = await person(page.request, 'host');
  const author = await person(page.request, 'author');
  const replier = await person(page.request, 'replier');
  const outsider = await person(page.request, 'outsider');
  const group = await approvedGroup(page, owner, `Gait lab ${Date.now()}`);
  await joined(page.request, group.slug, owner, author);
  await joined(page.request, group.slug, owner, replier);

  // A member opens a topic with an image.
  await signInAs(page, author.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'View Discussion' }).click();
  const discussion = page.getByRole('region', { name: 'Discussion' });
  await expect(discussion.getByText('No discussions yet.')).toBeVisible();
  const composer = discussion.getByRole('form', { name: 'Start a discussion' });
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer.getByText('This field is required')).toBeVisible();
  await composer.getByRole('textbox', { name: /^Start a discussion/ }).fill('Which gait sensors have you tried after stroke? We are comparing insoles and wrist-worn units.');
  await composer.getByLabel('Attach files').setInputFiles({ name: 'sensor.png', mimeType: 'image/png', buffer: await drawnPng(page, 640, 400) });
  await expect(composer.getByText('sensor.png')).toBeVisible();
  await composer.getByRole('button', { name: 'Post' }).click();
  const topic = discussion.getByRole('article', { name: /^Topic by/ });
  await expect(topic.getByText('Which gait sensors have you tried after stroke?')).toBeVisible();
  await expect(topic.getByRole('img', { name: 'sensor.png' })).toBeVisible();
  await expect(page.getByText('1 post so far.')).toBeVisible();

  // A second member replies with a quote and a PDF, then votes up and switches to down.
  await signInAs(page, replier.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await topic.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyForm = topic.getByRole('form', { name: 'Your reply' });
  await replyForm.getByRole('textbox', { name: /^Your reply/ }).fill('We use pressure insoles; protocol attached.');
  await replyForm.getByLabel('Attach files').setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: PDF });
  await replyForm.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = topic.getByRole('group', { name: 'Replies' });
  const firstReply = replies.getByRole('article').first();
  await expect(firstReply.getByText('We use pressure insoles; protocol attached.')).toBeVisible();
  // Attachments open only through signed, expiring links (never under /media).
  const pdfLink = firstReply.getByRole('link', { name: 'protocol.pdf' });
  await expect(pdfLink).toHaveAttribute('href', /^\/files\/discussions\/[0-9a-f]+\.pdf\?expires=\d+&signature=/);
  expect((await page.request.get((await pdfLink.getAttribute('href'))!)).status()).toBe(200);
  await firstReply.getByRole('button', { name: 'Reply', exact: true }).click();
  await topic.getByRole('textbox', { name: /^Your reply/ }).fill('Also: calibration takes ten minutes per patient.');
  await topic.getByRole('form', { name: 'Your reply' }).getByRole('button', { name: 'Reply', exact: true }).click();
  const quoting = replies.getByRole('article').nth(1);
  await expect(quoting.getByText('wrote:')).toBeVisible();
  await expect(quoting.getByRole('blockquote').or(quoting.locator('blockquote'))).toContainText('We use pressure insoles');

  await topic.getByRole('button', { name: /^Vote up/ }).first().click();
  await expect(topic.getByRole('button', { name: 'Vote up: 1' }).first()).toHaveAttribute('aria-pressed', 'true');
  await topic.getByRole('button', { name: /^Vote down/ }).first().click();
  await expect(topic.getByRole('button', { name: 'Vote down: 1' }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(topic.getByRole('button', { name: 'Vote up: 0' }).first()).toBeVisible();
  await expect(firstReply.getByRole('button', { name: /^Vote up/ })).toBeDisabled();
  await page.screenshot({ path: shot('discussion-thread', info.project.name), fullPage: true });
  await page.reload();
  await expect(topic.getByRole('button', { name: 'Vote down: 1' }).first()).toHaveAttribute('aria-pressed', 'true');

  // The replier deletes their second reply: it keeps its place without its votes, and the
  // topic counts one reply (issue 43, item 9).
  await expect(topic.getByText('2 replies')).toBeVisible();
  await quoting.getByRole('button', { name: 'Delete reply' }).click();
  await quoting.getByRole('button', { name: 'Confirm' }).click();
  await expect(quoting.getByText('This reply was deleted.')).toBeVisible();
  await expect(quoting.getByRole('button', { name: /^Vote/ })).toHaveCount(0);
  await expect(topic.getByText('1 reply', { exact: true })).toBeVisible();

  // The author edits (Edited on) and deletes (Deleted on) their topic.
  await signInAs(page, author.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await topic.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const edit = topic.getByRole('form', { name: 'Edit topic' });
  await edit.getByRole('textbox', { name: /^Edit topic/ }).fill('Which gait sensors have you tried after stroke? (Edited to add: budget under 500 CAD.)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(topic.getByText(/^Edited on [A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(topic.getByText('budget under 500 CAD')).toBeVisible();
  await topic.getByRole('button', { name: 'Delete topic' }).click();
  await topic.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(topic.getByText(/^Deleted on /).first()).toBeVisible();
  await expect(topic.getByText('This topic was deleted.')).toBeVisible();
  await expect(topic.getByText('budget under 500 CAD')).toHaveCount(0);
  await expect(replies.getByText('We use pressure insoles; protocol attached.').first()).toBeVisible();
  await page.screenshot({ path: shot('discussion-deleted', info.project.name), fullPage: true });

  // A non-member reads but has no composer; a visitor too, and is asked to sign in.
  await signInAs(page, outsider.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await expect(replies.getByText('We use pressure insoles; protocol attached.').first()).toBeVisible();
  await expect(discussion.getByRole('form', { name: 'Start a discussion' })).toHaveCount(0);
  await expect(discussion.getByText('You can read this discussion; only members can post in it.')).toBeVisible();
  await expect(replies.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  await signOut(page);
  await page.goto(`/working-groups/${group.slug}`);
  await expect(replies.getByText('We use pressure insoles; protocol attached.').first()).toBeVisible();
  await expect(discussion.getByRole('form', { name: 'Start a discussion' })).toHaveCount(0);
  await expect(discussion.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(replies.getByRole('button', { name: /^Vote up/ }).first()).toBeDisabled();
  await page.screenshot({ path: shot('discussion-visitor', info.project.name), fullPage: true });
});

test('a thread is live: new replies and topics are offered, votes and edits change in place', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'livehost');
  const reader = await person(page.request, 'livereader');
  const other = await person(page.request, 'livewriter');
  const group = await approvedGroup(page, owner, `Live thread ${Date.now()}`);
  await joined(page.request, group.slug, owner, reader);
  await joined(page.request, group.slug, owner, other);
  const started = await page.request.post(`/api/groups/${group.id}/discussions`, { headers: auth(owner.token), data: { text: '<p>Which outcome scales do you use?</p>' } });
  expect(started.status()).toBe(201);
  const topicId = (await started.json()).data.id as number;

  // The page says when its discussion's room is watched: only then do others post.
  const watching = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"watching"') && resolve()));
  });
  await signInAs(page, reader.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'View Discussion' }).click();
  const discussion = page.getByRole('region', { name: 'Discussion' });
  const topic = discussion.getByRole('article', { name: /^Topic by/ }).filter({ hasText: 'Which outcome scales' });
  await expect(topic.getByText('Which outcome scales do you use?')).toBeVisible();
  await watching;

  const reply = (text: string) =>
    page.request.post(`/api/discussion/${topicId}/comments`, { headers: auth(other.token), multipart: { text } });
  expect((await reply('<p>The modified Rankin scale.</p>')).status()).toBe(201);
  await expect(topic.getByRole('button', { name: '1 new reply' })).toBeVisible();
  expect((await reply('<p>And the Barthel index.</p>')).status()).toBe(201);
  const offer = topic.getByRole('button', { name: '2 new replies' });
  await expect(offer).toBeVisible();
  // Nothing moved under the reader until they ask.
  await expect(topic.getByText('The modified Rankin scale.')).toHaveCount(0);
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('live-thread-new-replies', info.project.name) });
  await offer.click();
  await expect(topic.getByText('The modified Rankin scale.')).toBeVisible();
  await expect(topic.getByText('And the Barthel index.')).toBeVisible();
  await expect(offer).toHaveCount(0);

  // A vote and an edit by others change the thread in place, with no offer.
  const voted = await page.request.put(`/api/discussion/vote/${topicId}`, { headers: auth(other.token), data: { reaction: 'up' } });
  expect(voted.status()).toBe(200);
  await expect(topic.getByRole('button', { name: 'Vote up: 1' }).first()).toBeVisible();
  const edited = await page.request.put(`/api/groups/${group.id}/discussions/${topicId}`, {
    headers: auth(owner.token),
    data: { text: '<p>Which outcome scales do you use after stroke?</p>' },
  });
  expect(edited.status()).toBe(200);
  await expect(topic.getByText('Which outcome scales do you use after stroke?')).toBeVisible();

  // Reactions beside the votes: the reader gives one; another member's arrives live.
  await topic.getByRole('button', { name: 'Add a reaction' }).first().click();
  await page.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: 'React with Celebrate' }).click();
  await expect(topic.getByRole('button', { name: 'Celebrate: 1' })).toHaveAttribute('aria-pressed', 'true');
  const hearted = await page.request.put(`/api/discussion/reactions/${topicId}/heart`, { headers: auth(other.token) });
  expect(hearted.status()).toBe(200);
  await expect(topic.getByRole('button', { name: 'Heart: 1' })).toHaveAttribute('aria-pressed', 'false');
  await topic.getByRole('button', { name: 'Heart: 1' }).click();
  await expect(topic.getByRole('button', { name: 'Heart: 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: shot('reactions', info.project.name) });

  // A new topic is offered above the list; the reader's own reply is not offered back.
  const another = await page.request.post(`/api/groups/${group.id}/discussions`, { headers: auth(other.token), data: { text: '<p>Anyone using gait sensors?</p>' } });
  expect(another.status()).toBe(201);
  const newTopic = discussion.getByRole('button', { name: '1 new topic' });
  await expect(newTopic).toBeVisible();
  await newTopic.click();
  await expect(discussion.getByText('Anyone using gait sensors?')).toBeVisible();
  await topic.getByRole('button', { name: 'Reply', exact: true }).first().click();
  await topic.getByRole('textbox', { name: /^Your reply/ }).fill('We use both.');
  await topic.getByRole('form', { name: 'Your reply' }).getByRole('button', { name: 'Reply', exact: true }).click();
  // In the list (the reply form may still hold the text a moment longer).
  await expect(topic.getByRole('group', { name: 'Replies' }).getByText('We use both.')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(discussion.getByRole('button', { name: /new repl/ })).toHaveCount(0);
  await page.screenshot({ path: shot('live-thread', info.project.name), fullPage: true });
});

test('the editor links, quotes and mentions: a mention tells a member who may read, and the author whom it could not', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'mentioner');
  const member = await person(page.request, 'mentioned');
  const outsider = await person(page.request, 'unmentionable');
  const group = await approvedGroup(page, owner, `Mentions ${Date.now()}`);
  await joined(page.request, group.slug, owner, member);
  const stamp = Date.now();
  const names = { member: `Beatrix Mentioned ${stamp}`, outsider: `Bernard Outside ${stamp}` };
  for (const [who, name] of [
    [member, names.member],
    [outsider, names.outsider],
  ] as const) {
    const renamed = await page.request.patch('/api/me', { headers: auth(who.token), data: { name, current_password: PASSWORD } });
    expect(renamed.ok(), await renamed.text()).toBe(true);
  }
  const outsiderId = (await (await page.request.get('/api/me', { headers: auth(outsider.token) })).json()).data.id as number;

  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'View Discussion' }).click();
  const composer = page.getByRole('region', { name: 'Discussion' }).getByRole('form', { name: 'Start a discussion' });
  const editor = composer.getByRole('textbox', { name: /^Start a discussion/ });
  await editor.click();
  await composer.getByRole('button', { name: 'Heading' }).click();
  await editor.pressSequentially('Gait outcomes');
  await editor.press('Enter');
  await composer.getByRole('button', { name: 'Quote' }).click();
  await editor.pressSequentially('Walk before you run.');
  await editor.press('Enter');
  await editor.press('Enter');

  // A link must be an address the server keeps.
  await composer.getByRole('button', { name: 'Link', exact: true }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link' });
  await linkDialog.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Save link' }).click();
  await expect(linkDialog.getByText('Enter an address starting with http://, https:// or /.')).toBeVisible();
  await linkDialog.getByRole('textbox', { name: 'Address' }).fill('/projects');
  await linkDialog.getByRole('button', { name: 'Save link' }).click();
  await expect(linkDialog).toHaveCount(0);
  await editor.pressSequentially(' see also, and ask ');

  // @ suggests the group's members by name; the arrows and Enter pick one.
  await editor.pressSequentially('@Beat');
  const suggestions = page.getByRole('listbox', { name: 'Members to mention' });
  await expect(suggestions.getByRole('option', { name: names.member })).toBeVisible();
  await page.screenshot({ path: shot('mention-suggestions', info.project.name) });
  await editor.press('Enter');
  await expect(suggestions).toHaveCount(0);
  await expect(editor.locator('a[data-mention]')).toHaveText(`@${names.member}`);
  await composer.getByRole('checkbox', { name: 'Make private (members only)' }).check();
  await composer.getByRole('button', { name: 'Post' }).click();

  const topic = page.getByRole('article', { name: /^Topic by/ }).first();
  await expect(topic.getByRole('heading', { name: 'Gait outcomes' })).toBeVisible();
  // The composer starts over: the next topic is not private unless asked again. The box
  // once stayed ticked on screen (MUI's own state) while the form had gone back to public.
  const privately = composer.getByRole('checkbox', { name: 'Make private (members only)' });
  await expect(privately).not.toBeChecked();
  await expect(composer.locator('.MuiCheckbox-root')).not.toHaveClass(/Mui-checked/);
  await expect(topic.locator('blockquote')).toContainText('Walk before you run.');
  await expect(topic.getByRole('link', { name: '/projects' })).toHaveAttribute('href', '/projects');
  await expect(topic.getByRole('link', { name: `@${names.member}` })).toHaveAttribute('href', /^\/profile\/\d+$/);

  // A member who may not read a private topic is not told, and the author hears so.
  const reply = `<p>And <a href="/profile/${outsiderId}" data-mention="${outsiderId}">@${names.outsider}</a></p>`;
  const topicId = (await (await page.request.get(`/api/groups/${group.id}/discussions`, { headers: auth(owner.token) })).json()).data[0].id;
  const answered = await page.request.post(`/api/discussion/${topicId}/comments`, { headers: auth(owner.token), multipart: { text: reply } });
  expect((await answered.json()).data.unreached_mentions).toEqual([names.outsider]);
  await topic.getByRole('button', { name: 'Reply', exact: true }).first().click();
  const replyEditor = topic.getByRole('textbox', { name: /^Your reply/ });
  await replyEditor.click();
  await replyEditor.pressSequentially('@Beat');
  await expect(page.getByRole('listbox', { name: 'Members to mention' }).getByRole('option')).toHaveCount(1);
  await replyEditor.press('Enter');
  await topic.getByRole('form', { name: 'Your reply' }).getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(topic.getByText(`@${names.member}`)).toHaveCount(2);
  await page.screenshot({ path: shot('mention-posted', info.project.name), fullPage: true });

  // The member is told, once per post that mentions them.
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/notifications');
  await expect(page.getByText(/mentioned you in Mentions/).first()).toBeVisible();
  await expect(page.getByText(/mentioned you in Mentions/)).toHaveCount(2);
});
