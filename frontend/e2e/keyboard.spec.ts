import { expect, test, type Locator, type Page } from './fixtures';
import { approvedGroup, auth, PASSWORD, person, shot } from './support';

/** Whether focus is on `target` or inside it. */
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses `key` until focus reaches `target` (at most `max` times), as a keyboard user would. */
async function pressUntil(page: Page, key: string, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await focused(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

const tabTo = (page: Page, target: Locator) => pressUntil(page, 'Tab', target);

/** Enter on the focused menu button, then, once its menu shows (its code may still be on its
 * way) and has taken the focus, arrows down to `item`: a keyboard user waits for the menu
 * before moving in it (on a loaded machine the focus moved in after the arrows were spent). */
async function arrowToMenuItem(page: Page, item: Locator) {
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect.poll(() => focused(menu)).toBe(true);
  await pressUntil(page, 'ArrowDown', item);
}

test('a keyboard-only member signs in, joins a group, replies, reads notifications and signs out', async ({ page, request, isMobile }, info) => {
  test.setTimeout(120_000);
  const owner = await person(request, 'kb-owner');
  const member = await person(request, 'kb-member');
  const group = await approvedGroup(page, owner, `Keyboard circle ${Date.now()}`);
  const topic = await request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(owner.token),
    data: { text: '<p>Which exercises help most in the first week?</p>' },
  });
  expect(topic.status(), await topic.text()).toBe(201);

  // Sign in: Tab to each field, type, Enter submits.
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(member.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeFocused();

  // Open the group: the header's Working groups menu (on a phone, the menu drawer), to
  // Browse working groups, Enter, then the group.
  const openGroup = async () => {
    if (isMobile) {
      await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Open menu' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('link', { name: 'Browse working groups' }));
    } else {
      await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Working groups' }));
      await arrowToMenuItem(page, page.getByRole('menuitem', { name: 'Browse working groups' }));
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Working groups' })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: new RegExp(group.title) }).first());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: group.title })).toBeFocused();
  };
  await openGroup();

  // Join: the button, then the consent dialog's message and its Yes.
  await tabTo(page, page.getByRole('button', { name: /join$/ }));
  await page.keyboard.press('Enter');
  const consent = page.getByRole('dialog', { name: `Join ${group.title}` });
  await expect(consent).toBeVisible();
  await tabTo(page, consent.getByRole('textbox', { name: /^Message to the organisers/ }));
  await page.keyboard.type('I would like to help with the exercise guide.');
  await tabTo(page, consent.getByRole('button', { name: 'Yes, send request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Join request has been sent' })).toBeDisabled();

  // The owner accepts; the bell rises live.
  const requests = (await (await request.get(`/api/groups/${group.slug}/join-requests`, { headers: auth(owner.token) })).json()).data;
  const mine = requests.find((r: { email: string }) => r.email === member.email);
  expect((await request.post(`/api/groups/${group.slug}/join-requests/${mine.id}/accept`, { headers: auth(owner.token) })).ok()).toBe(true);
  const bell = page.getByRole('button', { name: 'Notifications: 1 unread' });
  await expect(bell).toBeVisible();

  // Notifications: Enter opens them, Escape closes them and focus returns to the bell.
  await tabTo(page, bell);
  await page.keyboard.press('Enter');
  const popover = page.getByRole('region', { name: 'Notifications' });
  await expect(popover.getByRole('link').first()).toBeVisible();
  await page.screenshot({ path: shot('keyboard-notifications', info.project.name) });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications: 0 unread' })).toBeFocused();

  // Reply in the group's discussion as its new member.
  await openGroup();
  await tabTo(page, page.getByRole('button', { name: 'View Discussion' }));
  await page.keyboard.press('Enter');
  const thread = page.getByRole('article', { name: /^Topic by/ });
  await expect(thread.getByText('Which exercises help most in the first week?')).toBeVisible();
  await tabTo(page, thread.getByRole('button', { name: 'Reply', exact: true }));
  await page.keyboard.press('Enter');
  const replyForm = thread.getByRole('form', { name: 'Your reply' });
  await tabTo(page, replyForm.getByRole('textbox', { name: /^Your reply/ }));
  await page.keyboard.type('Sit-to-stand practice, little and often.');
  await tabTo(page, replyForm.getByRole('button', { name: 'Reply', exact: true }));
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('article').getByText('Sit-to-stand practice, little and often.')).toBeVisible();
  await page.screenshot({ path: shot('keyboard-reply', info.project.name), fullPage: true });

  // Sign out from the account menu: Enter opens it, arrows reach Sign out.
  await tabTo(page, page.getByRole('button', { name: 'Account menu' }));
  await arrowToMenuItem(page, page.getByRole('menuitem', { name: 'Sign out' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});
