import { expect, test } from './fixtures';
import { adminToken, auth, DEMO_ADMIN, liveProject, openConsoleSection, PASSWORD, person, pledgeWithCard, shot, signInAs, signOut } from './support';

test('pledges reach the goal, a Content Expert approves, a declined card is replaced, a payment the bank holds is confirmed, and the owner refunds', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { slug, title, owner } = await liveProject(page, 'approval.owner', `Night-time falls ${info.project.name}`);
  const steady = await person(page.request, 'approval.steady');
  const declined = await person(page.request, 'approval.declined');
  const asked = await person(page.request, 'approval.asked');
  await pledgeWithCard(page.request, slug, steady, '4242424242424242', 300_000);
  await pledgeWithCard(page.request, slug, declined, '4000000000000002', 100_000);
  // A card whose bank wants each charge authenticated (3-D Secure).
  await pledgeWithCard(page.request, slug, asked, '4000002500003155', 100_000);

  // The owner registers and verifies a payout account through the test processor's form.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await expect(page.getByText('Goal reached: pledges are locked while a Content Expert reviews the funding')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Payout account' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Institution$/ }).fill('University of Toronto');
  await page.getByRole('textbox', { name: /^Transit number/ }).fill('123');
  await page.getByRole('textbox', { name: /^Institution number/ }).fill('002');
  await page.getByRole('textbox', { name: /^Account number/ }).fill('1234567');
  await page.getByRole('button', { name: 'Verify payout account' }).click();
  await expect(page.getByText('A transit number has 5 digits.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Transit number/ }).fill('00011');
  await page.screenshot({ path: shot('payout-onboarding', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Verify payout account' }).click();
  await expect(page.getByText('Payout account verified')).toBeVisible();
  await signOut(page);

  // The admin is (or is now made) a Content Expert, and approves the funding.
  const token = await adminToken(page.request);
  const adminId = (await (await page.request.get('/api/me', { headers: auth(token) })).json()).data.id as number;
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/staff/users/${adminId}`);
  const appoint = page.getByRole('button', { name: 'Appoint as Content Expert' });
  await expect(appoint.or(page.getByRole('button', { name: 'Revoke Content Expert' }))).toBeVisible();
  if (await appoint.isVisible()) {
    await appoint.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Appoint' }).click();
    await expect(page.getByText('Appointed as a Content Expert.')).toBeVisible();
  }
  await page.goto('/staff');
  await openConsoleSection(page, 'Final approval');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('CA$5,000 pledged of CA$5,000 by 3 backer(s)')).toBeVisible();
  await card.getByRole('link', { name: 'Open funding file' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ledger' }).getByText('Goal reached')).toBeVisible();
  await page.screenshot({ path: shot('funding-file', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Approve funding' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve funding' }).click();
  await expect(page.getByText('Funding approved: the pledges are being charged.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ledger' }).getByText('Charge failed')).toHaveCount(2);
  // The books in double entry: the steady donor's charge is held by Cohort until the payout.
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row', { name: /Held by Cohort CA\$3,000/ })).toBeVisible();
  await expect(accounts.getByRole('row', { name: /Donors’ cards −CA\$3,000/ })).toBeVisible();
  await page.screenshot({ path: shot('funding-file-charging', info.project.name), fullPage: true });
  await expect(page.getByRole('table', { name: 'Pledges' }).getByText(/card declined · new card by/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pledges' }).getByText(/authentication required · new card by/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ledger (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/-ledger\.csv$/);
  await page.goto('/staff/funding');
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await reconciliation.getByRole('button', { name: 'Check with the processor' }).click();
  await expect(reconciliation.getByText(/The processor, the ledger and the totals agree: \d+ charge\(s\), \d+ payout\(s\)/)).toBeVisible();
  await signOut(page);

  // The donor whose card was declined gives a new one: it is charged.
  await signInAs(page, declined.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  const funding = page.getByRole('region', { name: 'Funding' });
  await expect(funding.getByText(/Your card was not charged \(card declined\)/)).toBeVisible();
  await funding.getByRole('button', { name: 'Update card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await dialog.getByRole('textbox', { name: /^Card number/ }).fill('4242 4242 4242 4242');
  await dialog.getByRole('textbox', { name: /^Expiry/ }).fill('12/35');
  await dialog.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await page.screenshot({ path: shot('card-update', info.project.name), fullPage: true });
  await dialog.getByRole('button', { name: 'Save and charge' }).click();
  await expect(page.getByText('Thank you: your new card was charged.')).toBeVisible();
  await signOut(page);

  // The donor whose bank holds the payment confirms it from My pledges, on a phone: it is
  // charged and the project is paid out.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, asked.email, PASSWORD);
  await page.goto('/my-profile/pledges');
  const held = page.getByRole('article', { name: title });
  await expect(held.getByText(/Your bank asks you to confirm this payment\. Confirm it, or give a new card, by/)).toBeVisible();
  await page.screenshot({ path: shot('phone-pledge-needs-confirmation', info.project.name), fullPage: true });
  await held.getByRole('button', { name: 'Confirm payment' }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(bank.getByText(/Your bank asks you to confirm your pledge of CA\$1,000/)).toBeVisible();
  await bank.getByRole('button', { name: 'Confirm with my bank' }).click();
  await expect(bank.getByRole('group', { name: 'Your bank (test processor)' })).toBeVisible();
  await page.screenshot({ path: shot('phone-payment-confirmation', info.project.name), fullPage: true });
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Thank you: your payment is confirmed and charged.')).toBeVisible();
  await expect(held.getByText('Charged')).toBeVisible();
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('region', { name: 'Funding' }).getByText('Funded: the funds were paid out to the research team’s institution.')).toBeVisible();
  await page.screenshot({ path: shot('project-funded', info.project.name), fullPage: true });
  await signOut(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await signInAs(page, declined.email, PASSWORD);
  await page.goto('/my-profile/pledges');
  const pledge = page.getByRole('article', { name: title });
  await expect(pledge.getByText('Charged')).toBeVisible();
  const receipt = page.waitForEvent('download');
  await pledge.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  expect((await receipt).suggestedFilename()).toMatch(/^cohort-receipt-.*\.pdf$/);
  await page.screenshot({ path: shot('profile-pledges', info.project.name), fullPage: true });
  await signOut(page);

  // The owner refunds everyone (on a phone), after a confirmation that the contract becomes
  // void and that the payout is taken back first.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, owner.email, PASSWORD);
  await page.goto('/my-projects');
  await expect(page.getByText('Funded and paid out to your institution')).toBeVisible();
  await page.getByRole('button', { name: 'Refund all pledges' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(/The funding contract becomes void/)).toBeVisible();
  await expect(confirm.getByText(/that payout is taken back from the account first/)).toBeVisible();
  await page.screenshot({ path: shot('phone-refund-after-payout', info.project.name), fullPage: true });
  await confirm.getByRole('button', { name: 'Refund all pledges' }).click();
  await expect(page.getByText('Every pledge is refunded and the contract is void.')).toBeVisible();
  await expect(page.getByText('Refunded: every pledge was returned and the contract is void')).toBeVisible();
  await page.screenshot({ path: shot('project-refunded', info.project.name), fullPage: true });
});
