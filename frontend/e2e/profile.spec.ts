import { expect, test } from './fixtures';
import { adminToken, auth, devMessages, drawnPng, lastMailTo, lineCount, linkIn, openSelect, shot, signedInMember, signOut, totpCode, uniqueEmail } from './support';


test('edit the profile, crop an avatar and see it in the header', async ({ page }, info) => {
  const { password } = await signedInMember(page, 'avatar');
  await page.goto('/my-profile/edit-profile');
  await expect(page).toHaveTitle('Cohort | Edit profile');

  // A picture that is not JPEG or PNG is refused in the browser with the reason.
  await page.getByLabel('Change avatar').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Only JPEG and PNG images are allowed.')).toBeVisible();
  // A PNG that does not decode says so instead of opening an empty crop area.
  const corrupt = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture')]);
  await page.getByLabel('Change avatar').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: corrupt });
  await expect(page.getByText('Upload a valid image. The file you uploaded was either not an image or a corrupted image.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Change avatar' })).toHaveCount(0);

  await page.getByLabel('Change avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawnPng(page, 900, 600) });
  const crop = page.getByRole('dialog', { name: 'Change avatar' });
  await expect(crop).toBeVisible();
  // At a phone's width too the slider's label stays whole ("Zoo / m" before).
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await lineCount(crop.getByText('Zoom', { exact: true }))).toBe(1);
  await page.screenshot({ path: shot('avatar-crop-phone', info.project.name), fullPage: true });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: shot('avatar-crop', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Save picture' }).click();
  await expect(page.getByText('Your avatar has been updated.')).toBeVisible();
  const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /\/media\/avatars\/\d+\/[0-9a-f]+-thumb\.png$/);
  const avatarSrc = await headerAvatar.getAttribute('src');
  const served = await page.request.get(avatarSrc!);
  expect(served.headers()['content-type']).toBe('image/png');

  await page.getByRole('textbox', { name: /^Name/ }).fill('');
  await page.getByLabel('Bio').fill('Stroke rehabilitation researcher.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Ada Lovelace');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile has been successfully updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await page.screenshot({ path: shot('edit-profile', info.project.name), fullPage: true });
});

test('leaving an edited profile asks first; after saving it does not', async ({ page }) => {
  const { password } = await signedInMember(page, 'unsaved');
  await page.goto('/my-profile/edit-profile');
  await page.getByLabel('Bio').fill('Half-written thoughts');
  await page.getByRole('tab', { name: 'Account' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave.getByText('Your changes on this page are not saved yet.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/my-profile\/edit-profile$/);
  await expect(page.getByLabel('Bio')).toHaveValue('Half-written thoughts');

  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile has been successfully updated.')).toBeVisible();
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);

  await page.goto('/my-profile/edit-profile');
  await page.getByLabel('Bio').fill('Second thoughts');
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
});

test('change the password and sign in with the new one', async ({ page }, info) => {
  const { email, password } = await signedInMember(page, 'passwd');
  await page.goto('/my-profile');
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(password);
  // The new password says how hard it is to guess as it is typed, and shows on request (issue 49 §1).
  const fresh = form.getByLabel('New password', { exact: true });
  const strength = form.getByTestId('password-strength');
  await fresh.fill('password1');
  await expect(strength).toContainText('Strength: Very weak');
  await fresh.fill('fresh passphrase 2026');
  await expect(strength).toContainText(/Strength: (Good|Strong)/);
  await expect(fresh).toHaveAttribute('type', 'password');
  const newField = form.locator('.MuiFormControl-root').filter({ has: page.getByLabel('New password', { exact: true }) });
  await newField.getByRole('button', { name: 'Show' }).click();
  await expect(fresh).toHaveAttribute('type', 'text');
  await expect(fresh).toHaveValue('fresh passphrase 2026');
  await form.screenshot({ path: shot('password-strength', info.project.name) });
  await newField.getByRole('button', { name: 'Hide' }).click();
  await expect(fresh).toHaveAttribute('type', 'password');
  await form.getByLabel('Confirm new password').fill('fresh passphrase 2025');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("The password don't match")).toBeVisible();
  await form.getByLabel('Confirm new password').fill('fresh passphrase 2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password has been successfully changed.')).toBeVisible();
  await page.screenshot({ path: shot('account', info.project.name), fullPage: true });

  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('fresh passphrase 2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('add a phone number and confirm it with the code from the outbox', async ({ page }) => {
  const { password } = await signedInMember(page, 'phone');
  const digits = String(Math.floor(1e6 + Math.random() * 8e6));
  const phone = `+44 20 7${digits}`;
  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Add phone number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add phone number' });
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('A confirmation code has been sent to your phone.')).toBeVisible();
  await expect(dialog.getByLabel('Confirmation code')).toBeVisible({ timeout: 5_000 });

  const data = await devMessages(page.request, 'outbox');
  const sms = data.find((m) => m.to === phone.replace(/ /g, ''));
  const code = sms!.text.match(/\b(\d{6})\b/)![1];
  await dialog.getByLabel('Confirmation code').fill(code.slice(0, 5));
  await dialog.getByRole('button', { name: 'Confirm phone number' }).click();
  await expect(dialog.getByText('Enter the 6-digit code')).toBeVisible();
  await dialog.getByLabel('Confirmation code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm phone number' }).click();
  await expect(dialog.getByText('Your phone number has been successfully confirmed.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Change phone number' })).toBeVisible();
});

test('set up a university affiliation and confirm it from the mailbox', async ({ page }, info) => {
  await signedInMember(page, 'affiliate');
  const universityEmail = `prof.${Date.now()}@uni.example.edu`;
  await page.goto('/my-profile/affiliations');
  await expect(page.getByText('Please, enter an affiliation email')).toBeVisible();
  await page.getByLabel('University affiliate email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be a valid email')).toBeVisible();
  await page.getByLabel('University affiliate email').fill(universityEmail);
  await page.getByRole('textbox', { name: /^Affiliation/ }).fill('University of Edinburgh');
  await page.getByLabel('University profile page URL').fill('https://www.ed.ac.uk/profile/prof');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Affiliations has been successfully updated. Please check your email (including your spam folder).'),
  ).toBeVisible();
  await expect(page.getByText('Please, confirm the affiliation email')).toBeVisible();

  await page.goto(linkIn((await lastMailTo(page.request, universityEmail)).text));
  await expect(page.getByText('Your university email has been successfully verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-profile\/affiliations$/, { timeout: 5_000 });
  await expect(page.getByText('Pending moderation')).toBeVisible();
  await page.screenshot({ path: shot('affiliations', info.project.name), fullPage: true });
});

test('enable two-factor with the QR code, keep the recovery codes, sign in with one, then disable it', async ({ page }, info) => {
  test.setTimeout(60_000);
  const { email, password } = await signedInMember(page, 'twofactor');
  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.screenshot({ path: shot('two-factor-setup', info.project.name), fullPage: true });
  const secret = (await dialog.getByTestId('totp-secret').textContent())!;
  await dialog.getByLabel('Authentication code').fill('000000');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog.getByText('Invalid token')).toBeVisible();
  await dialog.getByLabel('Authentication code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog.getByText('Otp has been successfully set.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible();

  // The recovery codes are shown once, after the setup dialog closes (issue 49 §1).
  const recoveryCodes = async () => {
    const shown = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(shown.getByText('Copy them now: you will not be able to see them again.')).toBeVisible();
    const codes = (await shown.getByRole('textbox', { name: 'Recovery codes' }).inputValue()).split('\n');
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    return { shown, codes };
  };
  const first = await recoveryCodes();
  await page.screenshot({ path: shot('recovery-codes', info.project.name), fullPage: true });
  await first.shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 of 10 left.', { exact: false })).toBeVisible();

  // A new set replaces the old one.
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'Make new recovery codes?' });
  await renew.getByLabel('Current password').fill(password);
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  const second = await recoveryCodes();
  expect(second.codes).not.toContain(first.codes[0]);
  await second.shown.getByRole('button', { name: 'Done' }).click();

  // Signed out, the member signs in with a code of the new set in place of the app's.
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
  const recovery = page.getByLabel('Recovery code');
  await recovery.fill(first.codes[0]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This recovery code is not valid, or was used already.')).toBeVisible();
  await recovery.fill(second.codes[3]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/my-profile');
  await expect(page.getByText('9 of 10 left.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Disable' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable two-factor authentication?' });
  await disable.getByLabel('Current password').fill(password);
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('TOTP settings has been successfully updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
});

test('the personalization modal opens from the dashboard query and saves, keeping what it does not show', async ({ page }, info) => {
  const member = await signedInMember(page, 'personal');
  const headers = { Authorization: `Bearer ${member.token}` };
  // Chosen at sign-up: a value the modal does not offer (issue 43: saving it cleared this).
  const chosen = await page.request.patch('/api/me', { headers, data: { looking_for: ['looking_for_funding'], current_password: member.password } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  await page.goto('/dashboard?openPersonalization=true');
  const dialog = page.getByRole('dialog', { name: 'Personalize your experience' });
  await expect(dialog).toBeVisible();
  await openSelect(dialog.getByLabel('What are you looking for?'));
  await expect(page.getByRole('option')).toHaveCount(4);
  await page.getByRole('option', { name: 'I want to help' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: shot('personalization', info.project.name), fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile has been successfully updated.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await (await page.request.get('/api/me', { headers })).json();
  expect([...me.data.looking_for].sort()).toEqual(['looking_for_funding', 'want_to_help']);

  await page.goto('/dashboard?openPersonalization=true');
  await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('another member sees a private profile as private and a public one in full', async ({ page, browser }, info) => {
  const owner = await signedInMember(page, 'owner');
  const me = await (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${owner.token}` } })).json();
  const publicProfile = await page.request.patch('/api/me', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { name: 'Marie Curie', bio: 'Two Nobel prizes.', location: 'Paris', website: 'https://example.org/curie', current_password: owner.password },
  });
  expect(publicProfile.ok(), await publicProfile.text()).toBe(true);

  // A working group the owner created and staff approved is listed on the profile.
  const auth = { Authorization: `Bearer ${owner.token}` };
  const { data: tags } = await (await page.request.get('/api/groups/tags')).json();
  const created = await page.request.post('/api/me/groups', {
    headers: auth,
    data: { title: 'Radium research circle', summary: '<p>Isotopes.</p>', tags: [tags[0].id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: group } = await created.json();
  const image = await page.request.post(`/api/me/groups/${group.id}/set-image`, {
    headers: auth,
    multipart: { file: { name: 'g.png', mimeType: 'image/png', buffer: await drawnPng(page, 400, 300) } },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const { data: goals } = await (await page.request.get('/api/groups/goals-of-working-group')).json();
  const submitted = await page.request.patch(`/api/me/groups/${group.id}`, {
    headers: auth,
    data: { goals_of_working_group: [goals[0].id], industry_partner_likely: 'no', member_obligations: '<p>Be kind</p>' },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const approved = await page.request.post(`/api/staff/groups/${group.id}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  const viewer = await browser.newPage();
  await signedInMember(viewer, 'viewer');
  await viewer.goto(`/users/${me.data.id}`);
  await expect(viewer).toHaveTitle('Cohort | User Profile');
  await expect(viewer.getByRole('heading', { name: 'Marie Curie' })).toBeVisible();
  await expect(viewer.getByText('Two Nobel prizes.')).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'https://example.org/curie' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Radium research circle' })).toHaveAttribute(
    'href',
    `/working-groups/${group.slug}`,
  );
  await viewer.screenshot({ path: shot('public-profile', info.project.name), fullPage: true });

  await page.goto('/my-profile/edit-profile');
  await page.getByLabel('Make my profile private').check();
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile has been successfully updated.')).toBeVisible();

  await viewer.goto(`/profile/${me.data.id}`);
  await expect(viewer.getByText('This account is private')).toBeVisible();
  await expect(viewer.getByText('Two Nobel prizes.')).toBeHidden();
  await expect(viewer.getByText('Radium research circle')).toBeHidden();
  await viewer.screenshot({ path: shot('private-profile', info.project.name), fullPage: true });
  await viewer.close();
});

test('the header popover lists what the profile is missing', async ({ page }) => {
  await signedInMember(page, 'popover');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Profile \d+% complete/ }).click();
  const popover = page.getByRole('dialog', { name: 'Complete your profile' });
  await expect(popover.getByText('A profile picture')).toBeVisible();
  await popover.getByRole('link', { name: 'Complete my profile' }).click();
  await expect(page).toHaveURL(/\/my-profile\/edit-profile$/);
});

test('/reroute rebuilds its query onto the target path', async ({ page }) => {
  await signedInMember(page, 'reroute');
  await page.goto('/reroute?to=%2Fmy-profile%2Faffiliations&from=mail');
  await expect(page).toHaveURL(/\/my-profile\/affiliations\?from=mail$/);
});

test('a signed-in member is not bounced from the university confirmation link', async ({ page }) => {
  await signedInMember(page, 'unibounce');
  await page.goto('/confirm-university-email?token=nonsense');
  await expect(page.getByText('Invalid or expired token.')).toBeVisible();
});

test('a signed-in member confirms a new e-mail address from the link and stays signed in', async ({ page }) => {
  const { token, password, email } = await signedInMember(page, 'mover');
  const newEmail = uniqueEmail('moved');
  const changed = await page.request.patch('/api/me', {
    headers: auth(token),
    data: { name: 'Test Person', current_password: password, email: newEmail },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const mail = await lastMailTo(page.request, newEmail);
  expect(mail.subject).toBe('Confirm your new e-mail address');
  expect((await lastMailTo(page.request, email)).subject).toBe('Your Cohort e-mail address was changed');
  await page.goto(new URL(linkIn(mail.text)).pathname + new URL(linkIn(mail.text)).search);
  await expect(page.getByText('Your email has been successfully verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-profile$/, { timeout: 5_000 });
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBe(token);
  const me = await (await page.request.get('/api/me', { headers: auth(token) })).json();
  expect(me.data.email_confirmed).toBe(true);
});
