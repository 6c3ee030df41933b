import { expect, test } from './fixtures';
import { liveProject, person, PASSWORD, shot } from './support';

test('a donor backs a project with a test card, changes the amount and cancels the pledge', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { slug, title } = await liveProject(page, 'funding.owner', `Sleep after surgery ${info.project.name}`);
  const donor = await person(page.request, 'funding.donor');
  // A visitor signs in from the project's page and comes back to it.
  await page.goto('/');
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(`/project/${slug}`);
  await page.getByRole('region', { name: 'Funding' }).getByRole('link', { name: 'Sign in to back this project' }).click();
  await page.getByLabel('Email').fill(donor.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const funding = page.getByRole('region', { name: 'Funding' });
  await expect(funding.getByText('CA$0 pledged of CA$5,000 · 0 backers')).toBeVisible();
  await funding.getByRole('button', { name: 'Back this project' }).click();

  const dialog = page.getByRole('dialog', { name: 'Back this project' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('50');
  await expect(
    dialog.getByText('If the project is funded, Cohort keeps 9% (CA$4.50), which also pays the card processor’s fees (about 3–5%); the rest (CA$45.50) goes to the research team’s institution.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Card number/ }).fill('4242 4242 4242 4241');
  await dialog.getByRole('textbox', { name: /^Expiry/ }).fill('12/35');
  await dialog.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  await expect(dialog.getByText('You must be 18 or older to pledge.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  await expect(dialog.getByText('Your card number is incorrect.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Card number/ }).fill('4242 4242 4242 4242');
  await page.screenshot({ path: shot('pledge-dialog', info.project.name), fullPage: true });
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  await expect(page.getByText('Thank you: your pledge is recorded.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const own = funding.getByRole('region', { name: 'Your pledge' });
  await expect(own.getByText('You pledged CA$50 with your visa ending 4242.')).toBeVisible();
  await expect(funding.getByText('CA$50 pledged of CA$5,000 · 1 backer')).toBeVisible();
  await page.screenshot({ path: shot('project-pledged', info.project.name), fullPage: true });

  await own.getByRole('button', { name: 'Change amount' }).click();
  await own.getByRole('textbox', { name: 'New amount (CA$)' }).fill('75');
  await own.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByText('Your pledge is changed.')).toBeVisible();
  await expect(funding.getByText('CA$75 pledged of CA$5,000 · 1 backer')).toBeVisible();

  await own.getByRole('button', { name: 'Cancel pledge' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your pledge?' });
  await expect(confirm.getByText('Your pledge of CA$75 is withdrawn and nothing is charged.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel pledge' }).click();
  await expect(page.getByText('Your pledge is cancelled.')).toBeVisible();
  await expect(funding.getByText('CA$0 pledged of CA$5,000 · 0 backers')).toBeVisible();
  await expect(funding.getByRole('button', { name: 'Back this project' })).toBeVisible();
});
