import { createHmac } from 'node:crypto';
import { expect, expectAccessible, test } from './fixtures';
import { approvedGroup, DEMO_ADMIN, joined, openConsoleSection, PASSWORD, person, shot, signInAs } from './support';

const receiver = process.env.E2E_WEBHOOK_RECEIVER ?? '';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver got at `path`, once it holds `count` deliveries. */
async function receivedAt(path: string, count: number): Promise<Received[]> {
  let got: Received[] = [];
  await expect
    .poll(async () => {
      got = (await (await fetch(`${receiver}/received?path=${encodeURIComponent(path)}`)).json()) as Received[];
      return got.length;
    })
    .toBeGreaterThanOrEqual(count);
  return got;
}

/** The event a delivery carries, once its signature checks out under `secret`. */
function verified(delivery: Received, secret: string) {
  const [t, v1] = delivery.headers['cohort-signature'].split(',').map((part) => part.split('=')[1]);
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
  expect(v1).toBe(expected);
  return JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> };
}

test('a group owner sends new members to a webhook, reads its deliveries and redelivers one', async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'hooked');
  const group = await approvedGroup(page, owner, `Registry webhooks ${Date.now()}`);
  const path = `/hook/${group.slug}`;

  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByText('No webhook is set up.')).toBeVisible();

  // An address deliveries may not go to is refused under its field, with the reason.
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByRole('textbox', { name: "Receiver's address" }).fill('https://127.0.0.1:9/in');
  await form.getByRole('checkbox', { name: 'Someone joins a working group.' }).check();
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(
    form.getByText('This address is private or local: deliveries go there only if the operator allows it.'),
  ).toBeVisible();

  // The operator allows the receiver: the webhook is made and its secret shown once.
  await form.getByRole('textbox', { name: "Receiver's address" }).fill(`${receiver}${path}`);
  await form.getByRole('button', { name: 'Create webhook' }).click();
  const dialog = page.getByRole('dialog', { name: "Copy the webhook's secret" });
  const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('listitem').filter({ hasText: `${receiver}${path}` });
  await expect(card.getByText('Someone joins a working group.')).toBeVisible();
  await expect(card.getByText(`${secret.slice(0, 10)}…`)).toBeVisible();
  await expectAccessible(page, 'the group webhooks tab');
  await page.screenshot({ path: shot('webhooks-group', info.project.name), fullPage: true });

  // A member joins: the receiver gets the event, signed with the secret.
  const member = await person(page.request, 'newcomer');
  await joined(page.request, group.slug, owner, member);
  const [first] = await receivedAt(path, 1);
  const event = verified(first, secret);
  expect(event.type).toBe('member.joined');
  expect((event.data.group as { slug: string }).slug).toBe(group.slug);

  // The log shows it delivered; redelivered, the same event arrives again.
  await card.getByRole('button', { name: 'Deliveries' }).click();
  const log = page.getByRole('dialog', { name: 'Deliveries' });
  const delivered = log.getByRole('group', { name: 'member.joined Delivered' });
  await expect(delivered).toBeVisible();
  await expect(delivered.getByText(/1 attempt · HTTP 200/)).toBeVisible();
  await delivered.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByText('Sent again.')).toBeVisible();
  const again = await receivedAt(path, 2);
  expect(verified(again[1], secret).id).toBe(event.id);
  await expect(log.getByRole('group', { name: 'member.joined Delivered' })).toHaveCount(2);
  await expectAccessible(page, 'the delivery log');
  await page.screenshot({ path: shot('webhooks-deliveries', info.project.name) });
  await log.getByRole('button', { name: 'Close' }).click();

  // Paused, it takes nothing; deleted, it is gone.
  await card.getByRole('switch', { name: 'On' }).click();
  await expect(page.getByText('The webhook is paused.')).toBeVisible();
  await expect(card.getByText('Paused')).toBeVisible();
  await expect(card.getByRole('switch', { name: 'On' })).not.toBeChecked();
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The webhook was deleted.')).toBeVisible();
  await expect(page.getByText('No webhook is set up.')).toBeVisible();
});

test('an admin subscribes a receiver to the platform’s project events from the console', async ({ page }, info) => {
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/staff');
  await openConsoleSection(page, 'Webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByRole('textbox', { name: "Receiver's address" }).fill(`${receiver}/hook/platform-${Date.now()}`);
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(form.getByText('Choose at least one event.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'A research project is approved and goes live.' }).check();
  await form.getByRole('checkbox', { name: 'Someone pledges to a project (the amount, never who).' }).check();
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await page.getByRole('dialog', { name: "Copy the webhook's secret" }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('A research project is approved and goes live. · Someone pledges to a project (the amount, never who).').first()).toBeVisible();
  await expectAccessible(page, 'the console webhooks page');
  await page.screenshot({ path: shot('webhooks-console', info.project.name), fullPage: true });
});
