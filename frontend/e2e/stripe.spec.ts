import { expect, test } from './fixtures';
import { adminPasswordChosen, liveProject, person, PASSWORD, shot, signInAs } from './support';

test('a donor enters the card in Stripe.js: a declined card is refused in its field, a good one backs the project', async ({ page }, info) => {
  test.setTimeout(120_000);
  await adminPasswordChosen(page.request, process.env.E2E_STRIPE_DATA_DIR);
  const { slug, title } = await liveProject(page, 'stripe.owner', 'Walking after a hip fracture');
  const donor = await person(page.request, 'stripe.donor');
  await signInAs(page, donor.email, PASSWORD);
  await page.goto(`/project/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const funding = page.getByRole('region', { name: 'Funding' });
  await funding.getByRole('button', { name: 'Back this project' }).click();

  const dialog = page.getByRole('dialog', { name: 'Back this project' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('40');
  await dialog.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  // Stripe.js draws the card field (localstripe's stand-in draws plain inputs); the test
  // processor's own card form is not there.
  const card = dialog.getByRole('group', { name: 'Card details' });
  await expect(card.locator('input[placeholder="number"]')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Card number/ })).toHaveCount(0);
  const enter = async (number: string) => {
    await card.locator('input[placeholder="number"]').fill(number);
    await card.locator('input[placeholder="exp_month"]').fill('12');
    await card.locator('input[placeholder="exp_year"]').fill('35');
    await card.locator('input[placeholder="cvc"]').fill('123');
    await card.locator('input[placeholder="postal_code"]').fill('H2X1Y4');
  };

  await enter('4000000000000002');
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await page.screenshot({ path: shot('stripe-card-declined', info.project.name), fullPage: true });

  await enter('4242424242424242');
  await page.screenshot({ path: shot('stripe-pledge-dialog', info.project.name), fullPage: true });
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  await expect(page.getByText('Thank you: your pledge is recorded.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The card Stripe saved, as Stripe describes it: Cohort never saw the number.
  await expect(funding.getByRole('region', { name: 'Your pledge' }).getByText(/You pledged CA\$40 with your \w+ ending 4242\./)).toBeVisible();
  await expect(funding.getByText('CA$40 pledged of CA$5,000 · 1 backer')).toBeVisible();
  await page.screenshot({ path: shot('stripe-project-pledged', info.project.name), fullPage: true });
});
