import { expect, test } from './fixtures';
import { approvedGroup, joined, PASSWORD, person, signInAs, shot } from './support';

const FLAGGED = 'Mrs Jane Doe was diagnosed with multiple sclerosis; call her on 07700 900123 about the trial.';

// Issue 24 §1: before a post that may identify a patient is published, its author sees what
// was found, highlighted, and edits it or publishes with a recorded declaration; an owner can
// make the check blocking for the group.
test('the patient-data guardrail shows what it found and asks the author to edit or declare', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  const owner = await person(page.request, 'owner');
  const author = await person(page.request, 'author');
  const group = await approvedGroup(page, owner, `Patient voices ${Date.now()}`);
  await joined(page.request, group.slug, owner, author);

  await signInAs(page, author.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'View Discussion' }).click();
  const discussion = page.getByRole('region', { name: 'Discussion' });
  const composer = discussion.getByRole('form', { name: 'Start a discussion' });
  await composer.getByRole('textbox', { name: /^Start a discussion/ }).fill(FLAGGED);
  await composer.getByRole('button', { name: 'Post' }).click();

  // The prompt lists each finding with its span highlighted.
  const prompt = page.getByRole('dialog', { name: 'This may identify a patient' });
  await expect(prompt).toBeVisible();
  const found = prompt.getByRole('list', { name: 'What was found' });
  await expect(found.getByRole('listitem')).toHaveCount(2);
  await expect(found.getByText('A name next to a diagnosis')).toBeVisible();
  await expect(found.getByText('A phone number')).toBeVisible();
  await expect(found.locator('mark')).toHaveText(['Mrs Jane Doe was diagnosed with multiple sclerosis', '07700 900123']);
  await page.screenshot({ path: shot('guardrail-prompt', info.project.name), fullPage: true });

  // Edit: back to the editor with the text kept, nothing published.
  await prompt.getByRole('button', { name: 'Edit' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(composer.getByRole('textbox', { name: /^Start a discussion/ })).toContainText('07700 900123');
  await expect(discussion.getByText('No discussions yet.')).toBeVisible();

  // Publish anyway needs the declaration.
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(prompt.getByRole('button', { name: 'Publish anyway' })).toBeDisabled();
  await prompt.getByRole('checkbox', { name: /I confirm that I may share this/ }).check();
  await prompt.getByRole('button', { name: 'Publish anyway' }).click();
  const topic = discussion.getByRole('article', { name: /^Topic by/ });
  await expect(topic.getByText('call her on 07700 900123')).toBeVisible();

  // Clear text goes straight through.
  await composer.getByRole('textbox', { name: /^Start a discussion/ }).fill('Minutes of Thursday are in the materials.');
  await composer.getByRole('button', { name: 'Post' }).click();
  // In the new topic (the composer may still hold the text for a moment as it empties).
  await expect(topic.getByText('Minutes of Thursday are in the materials.')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // The owner makes the check blocking.
  await signInAs(page, owner.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('tab', { name: 'Data protection' }).click();
  const holdBack = page.getByRole('switch', { name: /Hold back posts that may identify a patient/ });
  await expect(holdBack).not.toBeChecked();
  // The switch follows the saved setting, so it turns once the server has it.
  await holdBack.click();
  await expect(page.getByText('Posts that may identify a patient are now held back until their author edits them.')).toBeVisible();
  await expect(holdBack).toBeChecked();
  await page.screenshot({ path: shot('guardrail-owner', info.project.name), fullPage: true });

  // Now the author can only edit.
  await signInAs(page, author.email, PASSWORD);
  await page.goto(`/working-groups/${group.slug}`);
  await page.getByRole('button', { name: 'View Discussion' }).click();
  await composer.getByRole('textbox', { name: /^Start a discussion/ }).fill('Born on 12/03/1961, she joined the panel.');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(prompt.getByText('This working group does not publish text that may identify a patient (a date of birth).')).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Publish anyway' })).toHaveCount(0);
  await expect(prompt.getByRole('checkbox')).toHaveCount(0);
  await page.screenshot({ path: shot('guardrail-blocked', info.project.name), fullPage: true });
  await prompt.getByRole('button', { name: 'Edit' }).click();
  await expect(prompt).toHaveCount(0);
});
