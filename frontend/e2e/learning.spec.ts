import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { PASSWORD, pdfText, person, shot, signInAs } from './support';

const RIGHT_ORDER = ['Register the protocol', 'Recruit participants', 'Randomise the participants', 'Analyse the outcomes'];

/** Puts the ordering question's answers in `order` with the Move up buttons (keyboard-reachable). */
async function arrange(page: Page, order: string[]) {
  const list = page.getByRole('list', { name: 'Answers in order' });
  for (let target = 0; target < order.length; target += 1) {
    for (;;) {
      const texts = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, '').trim());
      const at = texts.findIndex((t) => t.startsWith(order[target]));
      if (at <= target) break;
      await list.getByRole('button', { name: `Move ${order[target]} up` }).click();
    }
  }
  await expect(list.getByRole('listitem')).toHaveText(order.map((t, i) => `${i + 1}. ${t}`));
}

test('take a quiz with an ordering question: fail, retry, pass, download and verify the certificate', async ({ page }, info) => {
  test.setTimeout(90_000);
  const member = await person(page.request, 'learner');
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/certificates');
  await expect(page).toHaveTitle('Cohort | Certificates');
  const row = page.getByRole('article', { name: 'Reading a clinical trial' }).or(page.getByLabel('Reading a clinical trial'));
  await expect(row.getByText('In progress')).toBeVisible();
  await page.screenshot({ path: shot('certificates', info.project.name), fullPage: true });
  await row.getByRole('link').click();
  await expect(page.getByText('Question 1/2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await page.screenshot({ path: shot('quiz-ordering', info.project.name), fullPage: true });

  // First attempt: the order as given, then a wrong choice: not passed.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2/2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('radio', { name: 'Every secondary outcome' }).check();
  await expect(page.getByText('Required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  const failed = page.getByRole('status').filter({ hasText: 'Quiz not passed' });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(/You answered (0|50)% of the questions correctly\./)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'The primary outcome' })).toBeDisabled();
  // This quiz keeps its feedback until the member passes (issue 49 §5).
  await expect(page.getByText('Feedback on each question is shown once you pass this quiz.')).toBeVisible();
  await page.screenshot({ path: shot('quiz-failed', info.project.name), fullPage: true });

  // Retry: a fresh attempt, answered right.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Question 1/2')).toBeVisible();
  await arrange(page, RIGHT_ORDER);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'The primary outcome' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const passed = page.getByRole('status').filter({ hasText: 'Quiz passed' });
  await expect(passed.getByText('You answered 100% of the questions correctly.')).toBeVisible();
  const review = page.getByRole('region', { name: 'Your answers (attempt 2)' });
  await expect(review.getByText('Correct', { exact: true })).toHaveCount(2);
  await page.screenshot({ path: shot('quiz-passed', info.project.name), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), passed.getByRole('button', { name: 'Download certificate' }).click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.toString('latin1').startsWith('%PDF-')).toBe(true);
  const pdf = await pdfText(bytes);
  expect(pdf).toContain('Test Person');
  expect(pdf).toContain('Reading a clinical trial');
  const code = pdf.match(/Verification code: ([A-Z2-9]{16})/)?.[1];
  expect(code).toBeTruthy();

  await page.goto('/certificates');
  await expect(row.getByText('Complete')).toBeVisible();
  await expect(row.getByRole('link')).toHaveCount(0);
  await page.goto(`/certificates/verify/${code}`);
  await expect(page.getByText('This certificate is genuine')).toBeVisible();
  await expect(page.getByText('Reading a clinical trial')).toBeVisible();
  await page.screenshot({ path: shot('certificate-verified', info.project.name), fullPage: true });
  await page.goto('/certificates/verify/AAAABBBBCCCCDDDD');
  await expect(page.getByText('No certificate has this code.')).toBeVisible();

  // The same certificate as a signed credential: anyone checks its signature, and a
  // changed copy fails.
  await page.goto('/certificates');
  const [credentialDownload] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download verifiable credential' }).click(),
  ]);
  expect(credentialDownload.suggestedFilename()).toBe(`cohort-certificate-${code}.json`);
  const credential = JSON.parse(readFileSync(await credentialDownload.path(), 'utf8'));
  expect(credential.type).toContain('OpenBadgeCredential');
  expect(credential.proof.cryptosuite).toBe('eddsa-jcs-2022');
  await page.goto('/certificates/verify');
  const checker = page.getByRole('region', { name: 'Check a credential file' });
  const file = (content: unknown) => ({ name: 'credential.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
  await checker.locator('input[type=file]').setInputFiles(file(credential));
  const valid = checker.getByRole('status').filter({ hasText: 'The signature is valid' });
  await expect(valid).toBeVisible();
  await expect(valid.getByText(/Test Person passed Reading a clinical trial/)).toBeVisible();
  await page.screenshot({ path: shot('credential-verified', info.project.name), fullPage: true });
  credential.credentialSubject.achievement.name = 'Advanced cardiology';
  await checker.locator('input[type=file]').setInputFiles(file(credential));
  await expect(checker.getByRole('alert').getByText('The signature does not match: the credential was changed after it was issued.')).toBeVisible();
});

test('a failed quiz with a delay shows Delayed until and cannot be opened', async ({ page }) => {
  const member = await person(page.request, 'delayed');
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/certificates');
  const row = page.getByLabel('Registries done right');
  await row.getByRole('link').click();
  await page.getByRole('checkbox', { name: 'The logo' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Only the statistician' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const failed = page.getByRole('status').filter({ hasText: 'Quiz not passed' });
  await expect(failed.getByText(/You can try again after/)).toBeVisible();
  // No Retry into a quiz that is locked until then.
  await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(failed.getByRole('link', { name: 'Back to Quiz List' })).toBeVisible();
  await page.goto('/certificates');
  await expect(row.getByText(/^Delayed until [A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(row.getByRole('link')).toHaveCount(0);
});

test('after an attempt a member sees which answers were wrong and why @phone', async ({ page }, info) => {
  const member = await person(page.request, 'feedback');
  await signInAs(page, member.email, PASSWORD);
  await page.goto('/certificates');
  const row = page.getByRole('article', { name: 'Stroke basics' }).or(page.getByLabel('Stroke basics'));
  await row.getByRole('link').click();
  await expect(page.getByText('Question 1/3')).toBeVisible();
  await page.getByRole('radio', { name: 'Anxiety' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Face drooping on one side' }).check();
  await page.getByRole('checkbox', { name: 'Slurred speech' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Immediately' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Quiz not passed' })).toBeVisible();

  // This quiz shows its feedback after every attempt.
  const review = page.getByRole('region', { name: 'Your answers (attempt 1)' });
  const first = review.getByRole('listitem').nth(0);
  await expect(first.getByText('Incorrect')).toBeVisible();
  await expect(first.getByText('Your answer: Anxiety')).toBeVisible();
  await expect(first.getByText(/^Why: FAST stands for Face, Arms, Speech, Time/)).toBeVisible();
  await expect(review.getByText('Correct', { exact: true })).toHaveCount(2);
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('quiz-feedback', info.project.name), fullPage: true });
});
