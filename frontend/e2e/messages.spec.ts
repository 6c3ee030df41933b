import { expect, test, type APIRequestContext } from './fixtures';
import { approvedGroup, auth, joined, PASSWORD, person, shot, signInAs, signOut, type Person } from './support';

/** Gives `who` a name others will see. */
async function named(request: APIRequestContext, who: Person, name: string): Promise<number> {
  const changed = await request.patch('/api/me', { headers: auth(who.token), data: { name, current_password: PASSWORD } });
  expect(changed.status(), await changed.text()).toBe(200);
  const me = await request.get('/api/me', { headers: auth(who.token) });
  return (await me.json()).data.id as number;
}

test('members write to each other: live unread counts, replies, a new message, settings, blocks and reports', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ada = await person(page.request, 'dmada');
  const bo = await person(page.request, 'dmbo');
  const cy = await person(page.request, 'dmcy');
  const group = await approvedGroup(page, ada, `Messages ${stamp}`);
  await joined(page.request, group.slug, ada, bo);
  const adaName = `Ada Writer ${stamp}`;
  const boName = `Bo Reader ${stamp}`;
  await named(page.request, ada, adaName);
  const boId = await named(page.request, bo, boName);
  await named(page.request, cy, `Cy Stranger ${stamp}`);

  // Bo is on the dashboard when Ada writes: the header's count rises without a reload.
  await signInAs(page, bo.email, PASSWORD);
  const live = page.waitForEvent('websocket');
  await page.goto('/dashboard');
  await live;
  await expect(page.getByRole('link', { name: 'Messages: 0 unread' })).toBeVisible();
  const started = await page.request.post('/api/me/conversations', {
    headers: auth(ada.token),
    data: { member_ids: [boId], body: 'Could you check the consent forms before Friday?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const conversationId = (await started.json()).data.conversation_id as number;
  await page.getByRole('link', { name: 'Messages: 1 unread' }).click();

  // The list names Ada and what is unread; opening the conversation reads it.
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('link', { name: new RegExp(`${adaName} \\(1 unread\\)`) }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`));
  const log = page.getByRole('log', { name: `Messages with ${adaName}` });
  await expect(log.getByText('Could you check the consent forms before Friday?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Messages: 0 unread' })).toBeVisible();

  // Bo answers; Ada's next message arrives while the conversation is open.
  const composer = page.getByRole('form', { name: 'Write a message' });
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(composer.getByText('Required')).toBeVisible();
  await composer.getByRole('textbox', { name: 'Message' }).fill('Yes, I will go through them on Thursday.');
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText('Yes, I will go through them on Thursday.')).toBeVisible();
  await expect(composer.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const reply = await page.request.post(`/api/me/conversations/${conversationId}/messages`, {
    headers: auth(ada.token),
    data: { body: 'Thank you!\nThe ethics form is in the shared folder.' },
  });
  expect(reply.status()).toBe(201);
  await expect(log.getByText('The ethics form is in the shared folder.')).toBeVisible();
  await page.screenshot({ path: shot('messages-conversation', info.project.name) });

  // Bo reports Ada's message to the staff.
  await log.getByRole('button', { name: `Report this message from ${adaName}` }).first().click();
  const report = page.getByRole('dialog', { name: `Report this message from ${adaName}` });
  await report.getByRole('radio', { name: 'Spam or advertising' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. The moderators will review your report.')).toBeVisible();

  // A new message to the same member goes on in their conversation; Ada is suggested by name.
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('combobox', { name: 'To' }).fill('Ada Wri');
  await page.getByRole('option', { name: adaName }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('One more thing: the budget sheet.');
  await page.screenshot({ path: shot('messages-new', info.project.name) });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`));
  await expect(log.getByText('One more thing: the budget sheet.')).toBeVisible();

  // Bo takes messages from nobody new: Cy, from Bo's profile, is told so in the form.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Message settings' });
  await settings.getByRole('radio', { name: 'Nobody' }).check();
  await expect(page.getByText('Your message settings are saved.')).toBeVisible();
  await expect(settings.getByText('You have blocked nobody.')).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();

  // Blocking Ada closes the conversation to both; unblocking opens it again.
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('dialog', { name: `Block ${adaName}?` }).getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`You blocked ${adaName}. Unblock them to write to them.`)).toBeVisible();
  await expect(composer).toHaveCount(0);
  const refused = await page.request.post(`/api/me/conversations/${conversationId}/messages`, { headers: auth(ada.token), data: { body: 'Hello?' } });
  expect(refused.status()).toBe(403);
  await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('button', { name: `Unblock ${adaName}` }).click();
  await expect(page.getByText(`${adaName} can write to you again.`)).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();

  await signOut(page);
  await signInAs(page, cy.email, PASSWORD);
  await page.goto(`/profile/${boId}`);
  await page.getByRole('link', { name: 'Send a message' }).click();
  const fromProfile = page.getByRole('dialog', { name: 'New message' });
  await expect(fromProfile.getByRole('button', { name: boName })).toBeVisible();
  await fromProfile.getByRole('textbox', { name: 'Message' }).fill('Hello, may I ask about your study?');
  await fromProfile.getByRole('button', { name: 'Send' }).click();
  await expect(fromProfile.getByText(`${boName} does not take direct messages.`)).toBeVisible();
  await page.screenshot({ path: shot('messages-refused', info.project.name) });
});
