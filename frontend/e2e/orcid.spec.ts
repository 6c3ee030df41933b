import { expect, test } from './fixtures';
import { adminPasswordChosen, PASSWORD, person, shot, signInAs, signOut } from './support';

/** A fresh ORCID iD: fifteen random digits and their ISO 7064 MOD 11-2 check character. */
function orcidId(): string {
  const digits = Array.from({ length: 15 }, () => Math.floor(Math.random() * 10));
  const total = digits.reduce((sum, d) => (sum + d) * 2, 0);
  const result = (12 - (total % 11)) % 11;
  const all = `${digits.join('')}${result === 10 ? 'X' : result}`;
  return all.match(/.{4}/g)!.join('-');
}

test('a researcher connects ORCID, imports their affiliation, shows the iD and signs in with it', async ({ page }, info) => {
  test.setTimeout(90_000);
  await adminPasswordChosen(page.request, process.env.E2E_ORCID_DATA_DIR);
  const member = await person(page.request, 'orcid.researcher');
  const id = orcidId();
  // The stand-in ORCID approves this person next.
  const next = await page.request.post(`${process.env.E2E_ORCID_PROVIDER}/next`, {
    data: {
      profile: { sub: id, given_name: 'Amara', family_name: 'Okafor' },
      employments: {
        'affiliation-group': [
          {
            summaries: [
              {
                'employment-summary': {
                  'department-name': 'Faculty of Medicine',
                  'role-title': 'Associate Professor',
                  'end-date': null,
                  organization: { name: 'Dalhousie University' },
                },
              },
            ],
          },
        ],
      },
    },
  });
  expect(next.status()).toBe(204);

  // Connect from My profile → Account: the browser goes to ORCID and comes back connected.
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Connect ORCID' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize access' })).toBeVisible();
  await page.getByRole('link', { name: 'Authorize access' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  const badge = page.getByRole('link', { name: `ORCID iD ${id} verified` });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('href', `https://orcid.org/${id}`);

  // Import the name, affiliation and role the record gives.
  await page.getByRole('button', { name: 'Import name and affiliation from ORCID' }).click();
  await expect(page.getByText('Your name and affiliation were imported from ORCID.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
  await expect(page.getByText('Associate Professor · Faculty of Medicine, Dalhousie University')).toBeVisible();
  await page.screenshot({ path: shot('orcid-connected', info.project.name), fullPage: true });

  // The public profile shows the verified iD.
  const me = await (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } })).json();
  await page.goto(`/profile/${me.data.id}`);
  await expect(page.getByRole('link', { name: `ORCID iD ${id} verified` })).toBeVisible();
  await page.screenshot({ path: shot('orcid-public-profile', info.project.name) });

  // Signed out, ORCID signs the account in.
  await signOut(page);
  await page.goto('/login?redirect_to=%2Fmy-profile');
  await page.getByRole('button', { name: 'Sign in with ORCID' }).click();
  await page.getByRole('link', { name: 'Authorize access' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
});

test('ORCID does not make an account: an iD nobody connected is told how to connect it', async ({ page }) => {
  await adminPasswordChosen(page.request, process.env.E2E_ORCID_DATA_DIR);
  const next = await page.request.post(`${process.env.E2E_ORCID_PROVIDER}/next`, {
    data: { profile: { sub: orcidId(), given_name: 'Nobody' }, employments: { 'affiliation-group': [] } },
  });
  expect(next.status()).toBe(204);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with ORCID' }).click();
  await page.getByRole('link', { name: 'Authorize access' }).click();
  await expect(
    page.getByText('No Cohort account is connected to this ORCID iD yet. Sign in with your e-mail address, then connect ORCID under My profile → Account.'),
  ).toBeVisible();
});
