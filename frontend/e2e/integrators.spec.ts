// Swagger UI is the vendored third-party tool utoipa serves, not a Cohort screen: axe's rules
// are held to our screens (fixtures.ts), so this journey uses Playwright's own test.
import { expect, test } from '@playwright/test';
import { person, shot } from './support';

test('an integrator authorizes in Swagger UI and tries GET /api/me', async ({ page, request }, info) => {
  // Swagger UI parses and renders the whole contract in the browser: 35 s on CI's two busy cores.
  test.setTimeout(90_000);
  const member = await person(request, 'swagger');
  await page.goto('/api/docs/');
  // Swagger UI renders the whole contract (about 700 KB) before it shows anything.
  await expect(page.getByRole('heading', { level: 1, name: /^Cohort API/ })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  // Swagger UI's modal is not a dialog to assistive technology; it is its .modal-ux.
  const modal = page.locator('.modal-ux');
  await expect(modal.getByRole('heading', { name: 'Available authorizations' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'auth-bearer-value' }).fill(member.token);
  await modal.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(modal.getByText('Authorized', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toBeHidden();

  const operation = page.locator('#operations-auth-getMe');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const live = operation.locator('.live-responses-table .response');
  await expect(live.locator('.response-col_status')).toHaveText('200');
  await expect(live.locator('.response-col_description')).toContainText(member.email);
  await page.screenshot({ path: shot('swagger-authorized', info.project.name), fullPage: false });
});
