import { expect, test } from './fixtures';
import { auth, confirmedAccount, devMessages, lastMailTo, linkIn, openSelect, PASSWORD, person, shot, signInAs, totpCode, uniqueEmail } from './support';


test('register through the wizard, confirm from the mailbox, land on the dashboard', { tag: '@phone' }, async ({ page }, info) => {
  // Three wizard steps, the browser's proof-of-work captcha (up to 20 s on a busy machine) and
  // five axe-checked screenshots: past the default 30 s on CI's two cores (35–38 s measured).
  test.setTimeout(60_000);
  const email = uniqueEmail('wizard');
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up now' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Cohort | Sign up');

  await page.getByRole('button', { name: 'Yes' }).click();
  await openSelect(page.getByLabel('Gender (optional)'));
  await page.getByRole('option', { name: 'Female' }).click();
  await page.screenshot({ path: shot('register-step1', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  // Each step opens at the top, its heading focused (it opened scrolled down, issue 43).
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 3: Your interests' })).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await openSelect(page.getByLabel('What brings you to Cohort?'));
  await page.getByRole('option', { name: 'I am looking for funding' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'No' }).click();
  await expect(page.getByText('Funding on Cohort goes only to projects affiliated with a university')).toBeVisible();
  await page.screenshot({ path: shot('register-step2', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Skip for later' }).click();

  await page.getByLabel('Name').fill('Rosalind Franklin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await expect(page.getByText('Verified: you are human')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too short. It must contain at least 8 characters.')).toBeVisible();
  await page.getByLabel('Password').fill('double helix 1953');
  await page.screenshot({ path: shot('register-step3', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Please check your email (including your spam folder)', { exact: false })).toBeVisible();
  await page.screenshot({ path: shot('register-done', info.project.name), fullPage: true });

  const mail = await lastMailTo(page.request, email);
  await page.goto(linkIn(mail.text));
  await expect(page.getByText('Your email has been successfully verified.')).toBeVisible();
  await page.screenshot({ path: shot('confirm-user', info.project.name), fullPage: true });
  await expect(page).toHaveURL(/\/dashboard\?openPersonalization=true$/, { timeout: 5_000 });
  await expect(page.getByRole('dialog', { name: 'Personalize your experience' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rosalind Franklin' })).toBeVisible();
});

test('register-lite returns to redirect_to after confirmation', async ({ page }, info) => {
  const email = uniqueEmail('lite');
  await page.goto('/register-lite?redirect_to=%2Fdev%2Fmailbox');
  await page.getByLabel('Name').fill('Alexander Fleming');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('penicillin 1928');
  await expect(page.getByText('Verified: you are human')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shot('register-lite', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = linkIn((await lastMailTo(page.request, email)).text);
  expect(link).toContain('redirect_to=%2Fdev%2Fmailbox');
  await page.goto(link);
  await expect(page).toHaveURL(/\/dev\/mailbox$/, { timeout: 5_000 });
});

test('a used confirmation link shows the failure badge', async ({ page }) => {
  await page.goto('/confirm-user?token=not-a-real-token');
  await expect(page.getByText('Invalid or expired confirmation code.')).toBeVisible();
});

test('ten failed sign-ins lock the account with the spec message', async ({ page, request }, info) => {
  const email = uniqueEmail('lock');
  await confirmedAccount(request, email, 'a good long password');
  for (let i = 0; i < 9; i += 1) {
    await request.post('/api/login', { data: { email, password: 'wrong password' } });
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Locked due 10 failed attempts till [A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2}$/);
  await page.screenshot({ path: shot('login-locked', info.project.name), fullPage: true });
});

test('forgot password, reset from the mailbox, sign in with the new password', async ({ page, request }, info) => {
  const email = uniqueEmail('reset');
  await confirmedAccount(request, email, 'the old password');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Success. Please check your email (including your spam folder).')).toBeVisible();
  await page.screenshot({ path: shot('forgot-password', info.project.name), fullPage: true });

  const mail = await lastMailTo(page.request, email);
  await page.goto(linkIn(mail.text));
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('This password is too short. It must contain at least 8 characters.')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('New password').fill('the new password');
  await page.getByLabel('Confirm password').fill('the new password');
  await page.screenshot({ path: shot('reset-password', info.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(linkIn(mail.text));
  await expect(page.getByText('Invalid or expired token.')).toBeVisible();
});

test('sign in with two-factor: the code field appears, then the dashboard', async ({ page, request }, info) => {
  const email = uniqueEmail('otp');
  const password = 'two factors are better';
  await confirmedAccount(request, email, password);
  const { data: session } = await (await request.post('/api/login', { data: { email, password } })).json();
  const auth = { Authorization: `Bearer ${session.access}` };
  const setupResponse = await request.get('/api/otp-totp', { headers: auth });
  expect(setupResponse.ok(), await setupResponse.text()).toBe(true);
  const { data: setup } = await setupResponse.json();
  const confirmed = await request.put('/api/otp-totp', {
    headers: auth,
    data: { token: totpCode(setup.secret), current_password: password },
  });
  expect(confirmed.ok()).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  // Not six digits: the form says so in the spec's words before anything is sent.
  await code.fill('12ab');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid token')).toBeVisible();
  await expect(page.getByText(/Invalid string|pattern/)).toHaveCount(0);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid token')).toBeVisible();
  await page.screenshot({ path: shot('login-two-factor', info.project.name), fullPage: true });
  // The setup code's time step is spent; the app's next code signs in.
  await code.fill(totpCode(setup.secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a phone number at sign-up is confirmed with the SMS code', async ({ page }, info) => {
  const email = uniqueEmail('sms');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Maybe later' }).click();
  await page.getByLabel('Name').fill('Mary Seacole');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number (optional)').fill('+44 20 7946 0001');
  await page.getByLabel('Password').fill('crimean nurse 1855');
  await expect(page.getByText('Verified: you are human')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/sms_confirm_token=/);
  await page.getByRole('button', { name: 'Confirm phone number' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.screenshot({ path: shot('register-sms', info.project.name), fullPage: true });

  const data = await devMessages(page.request, 'outbox');
  const sms = data.find((m) => m.to === '+442079460001');
  const code = sms!.text.match(/\b(\d{6})\b/)![1];
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm phone number' }).click();
  await expect(page.getByText('Your phone number has been successfully confirmed.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-profile\?openPersonalization=true$/, { timeout: 5_000 });
});

test('a locked-out member lifts the lock with the mailed link and signs in', async ({ page }, info) => {
  const email = uniqueEmail('locked');
  const password = 'rosalind franklin 1952';
  await confirmedAccount(page.request, email, password);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.request.post('/api/login', { data: { email, password: 'a wrong guess' } });
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Locked due 10 failed attempts till /)).toBeVisible();

  const mail = await lastMailTo(page.request, email);
  expect(mail.subject).toBe('Your Cohort account was locked');
  await page.goto(linkIn(mail.text));
  await expect(page.getByText('Your account is unlocked. You can sign in now.')).toBeVisible();
  await page.screenshot({ path: shot('unlock-account', info.project.name), fullPage: true });
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a set-password link is checked on load: a bogus one shows why and no form', async ({ page }) => {
  await page.goto('/set-password?token=not-a-real-token');
  await expect(page.getByText('Invalid or expired token.')).toBeVisible();
  await expect(page.getByLabel(/password/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('sign-up checks each step before moving on and clears Required as fields are filled', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await openSelect(page.getByLabel('What brings you to Cohort?'));
  await page.getByRole('option', { name: 'I am looking for funding' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  const affiliation = page.getByRole('textbox', { name: /^University affiliation/ });
  await expect(affiliation).toHaveAttribute('aria-invalid', 'true');
  await affiliation.fill('University of Cambridge');
  await expect(affiliation).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('textbox', { name: /^University e-mail/ }).fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Still on step 2, saying why.
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
});

test('a member sees where they are signed in, signs a lost laptop out, then everywhere else', { tag: '@phone' }, async ({ page, browser }, info) => {
  test.setTimeout(60_000);
  const member = await person(page.request, 'sessions');
  await signInAs(page, member.email, PASSWORD);
  // A laptop running Firefox signs in too, through the sign-in screen.
  const laptop = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  const laptopToken = await signInAs(await laptop.newPage(), member.email, PASSWORD);

  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: "Where you're signed in" });
  const list = section.getByRole('list', { name: 'Your sessions' });
  await expect(list.getByRole('listitem', { name: /, this device$/ }).getByText('This device')).toBeVisible();
  const onLaptop = list.getByRole('listitem', { name: 'Firefox on Windows' });
  await expect(onLaptop.getByText(/^Signed in .* · Last active /)).toBeVisible();
  await page.screenshot({ path: shot('sessions', info.project.name), fullPage: true });

  await onLaptop.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The session was signed out.')).toBeVisible();
  await expect(onLaptop).toBeHidden();
  expect((await laptop.request.get('/api/me', { headers: auth(laptopToken) })).status()).toBe(401);
  await laptop.close();

  // The sign-in made by `person` is still there: signed out with everywhere else.
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('You were signed out everywhere else.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('You are signed in on this device only.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  expect((await page.request.get('/api/me', { headers: auth(member.token) })).status()).toBe(401);
});
