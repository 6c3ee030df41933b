import { expect, test } from './fixtures';
import { approvedGroup, drawnPng, joined, PASSWORD, person, shot, signInAs, signOut } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

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
