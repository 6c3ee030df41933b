// Swagger UI is the vendored third-party tool utoipa serves, not a Cohort screen: axe's rules
// are held to our screens (fixtures.ts), so this journey uses Playwright's own test.
import { expect, test } from '@playwright/test';
import { person, shot } from './support';

test('an integrator authorizes in Swagger UI and tries GET /api/me', async ({ page, request }, info) => {
  const member = await person(request, 'swagger');
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Cohort/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(member.token);
  await dialog.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const operation = page.locator('#operations-auth-getMe');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const live = operation.locator('.live-responses-table .response');
  await expect(live.locator('.response-col_status')).toHaveText('200');
  await expect(live.locator('.response-col_description')).toContainText(member.email);
  await page.screenshot({ path: shot('swagger-authorized', info.project.name), fullPage: false });
});
