import { expect, test } from './fixtures';
import { approvedGroup, auth, joined, PASSWORD, person, shot, signInAs } from './support';

test('the header search finds what a member may read, marks the words, filters by kind and keeps private topics to members', async ({ page }, info) => {
  test.setTimeout(90_000);
  const word = `okapi${Date.now().toString(36)}`;
  const owner = await person(page.request, 'searcher-owner');
  const member = await person(page.request, 'searcher-member');
  const outsider = await person(page.request, 'searcher-outsider');
  const group = await approvedGroup(page, owner, `Okapi rehab ${Date.now()}`);
  await joined(page.request, group.slug, owner, member);
  const open = await page.request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(owner.token),
    data: { text: `<p>Open notes on ${word} walking drills</p>` },
  });
  expect(open.status()).toBe(201);
  const closed = await page.request.post(`/api/groups/${group.id}/discussions`, {
    headers: auth(member.token),
    data: { text: `<p>Private ${word} patient list</p>`, is_public: false },
  });
  expect(closed.status()).toBe(201);

  // A member searches from the header: both topics, the matching word marked.
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Find on Cohort' });
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(results.getByRole('link', { name: `Private ${word} patient list` })).toBeVisible();
  await expect(results.locator('mark', { hasText: word }).first()).toBeVisible();
  await page.screenshot({ path: shot('search-results', info.project.name), fullPage: true });

  // Filtered by kind: no working group carries the word.
  const kinds = page.getByRole('group', { name: 'Kind of result' });
  await kinds.getByRole('button', { name: 'Working groups' }).click();
  await expect(page).toHaveURL(/type=group/);
  await expect(page.getByText(`Nothing found for “${word}”.`)).toBeVisible();
  await kinds.getByRole('button', { name: 'Topics' }).click();
  await expect(results.getByRole('listitem')).toHaveCount(2);

  // A result leads to its discussion.
  await results.getByRole('link', { name: `Open notes on ${word} walking drills` }).click();
  await expect(page).toHaveURL(new RegExp(`/working-groups/${group.slug}#discussion$`));

  // Someone outside the group finds the open topic only.
  await signInAs(page, outsider.email, PASSWORD);
  await page.goto(`/search?q=${word}`);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: `Open notes on ${word} walking drills` })).toBeVisible();
});
