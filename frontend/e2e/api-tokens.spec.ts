import { expect, test } from './fixtures';
import { auth, PASSWORD, person, shot, signInAs } from './support';

test('a member makes an API token under My profile, a script uses it within its scope, and the member revokes it @phone', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const member = await person(page.request, 'scripter');
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/my-profile\/api-tokens$/);
  await expect(page.getByText('You have no API tokens.')).toBeVisible();

  // Sent without a name or a scope, the form says what is missing.
  const form = page.getByRole('form', { name: 'New token' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Weekly membership report');
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Choose at least one scope.')).toBeVisible();

  await form.getByRole('group', { name: 'Working groups' }).getByRole('button', { name: 'Read', exact: true }).click();
  await form.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your new token' });
  await expect(dialog.getByText('Copy it now: you will not be able to see it again.')).toBeVisible();
  const token = await dialog.getByRole('textbox', { name: 'Weekly membership report' }).inputValue();
  expect(token).toMatch(/^cohort_pat_/);
  await page.screenshot({ path: shot('api-token-created', info.project.name) });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: 'Weekly membership report' });
  await expect(card.getByText('Working groups: read')).toBeVisible();
  await expect(card.getByText(/Never used/)).toBeVisible();
  await expect(card.getByText(`${token.slice(0, 15)}…`)).toBeVisible();

  // A script reads the member's groups with it, and nothing else.
  const joined = await page.request.get('/api/me/groups/joined', { headers: auth(token) });
  expect(joined.status(), await joined.text()).toBe(200);
  const account = await page.request.get('/api/me', { headers: auth(token) });
  expect(account.status()).toBe(403);
  expect((await account.json()).message).toBe('This token does not have the account:read scope.');
  await page.reload();
  await expect(card.getByText(/Last used/)).toBeVisible();
  await page.screenshot({ path: shot('api-tokens', info.project.name), fullPage: true });

  await card.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The token was revoked.')).toBeVisible();
  await expect(page.getByText('You have no API tokens.')).toBeVisible();
  expect((await page.request.get('/api/me/groups/joined', { headers: auth(token) })).status()).toBe(401);

  // Both are in the member's audit trail.
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByText('Your API token was revoked')).toBeVisible();
  await expect(page.getByText('Your API token was created')).toBeVisible();
});
