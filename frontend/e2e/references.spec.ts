import { expect, expectAccessible, test } from './fixtures';
import { approvedGroup, PASSWORD, person, signInAs, signOut } from './support';

test('a group owner links a trial and a publication, a malformed id is refused, and visitors see the badges', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'trialist');
  const group = await approvedGroup(page, owner, `Aphasia trials ${Date.now()}`);

  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  const references = page.getByRole('region', { name: 'Trials and publications' });
  await expect(references.getByText('No registered trial or publication is linked yet.')).toBeVisible();
  const field = references.getByRole('textbox', { name: 'Trial or publication' });

  // A number one digit short is refused under the field, with what the registry expects.
  await field.fill('NCT0428070');
  await references.getByRole('button', { name: 'Link' }).click();
  await expect(references.getByText('A ClinicalTrials.gov number is NCT followed by 8 digits, like NCT04280705.')).toBeVisible();

  // The registry's link is read for its number; a DOI link too.
  await field.fill('https://clinicaltrials.gov/study/NCT04280705?tab=results');
  await references.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByText('Linked ClinicalTrials.gov NCT04280705.')).toBeVisible();
  await field.fill('https://doi.org/10.1056/NEJMoa2007764');
  await references.getByRole('button', { name: 'Link' }).click();
  const badges = references.getByRole('list', { name: 'Trials and publications' });
  await expect(badges.getByRole('link', { name: 'DOI 10.1056/NEJMoa2007764' })).toHaveAttribute(
    'href',
    'https://doi.org/10.1056/NEJMoa2007764',
  );
  await expectAccessible(page, 'the owner linking references');
  await page.screenshot({ path: 'test-results/references-owner.png', fullPage: true });

  // The owner removes one; a visitor sees the other as a badge and no form.
  await references.getByRole('button', { name: 'Remove DOI 10.1056/NEJMoa2007764' }).click();
  await expect(page.getByText('The link has been removed.')).toBeVisible();
  await signOut(page);
  await page.goto(`/working-groups/${group.slug}`);
  const seen = page.getByRole('region', { name: 'Trials and publications' });
  await expect(seen.getByRole('link', { name: 'ClinicalTrials.gov NCT04280705' })).toHaveAttribute(
    'href',
    'https://clinicaltrials.gov/study/NCT04280705',
  );
  await expect(seen.getByRole('link', { name: /DOI/ })).toHaveCount(0);
  await expect(seen.getByRole('textbox')).toHaveCount(0);
});
