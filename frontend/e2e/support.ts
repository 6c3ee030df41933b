import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Where a journey's screenshot of `name` goes, per device project. */
export const shot = (name: string, project: string) => `test-results/screens/${project}-${name}.png`;

/** A unique address per run, so journeys never collide on the shared server. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

/** Solves a captcha challenge as the browser's worker does. */
async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const { data } = await (await request.get('/api/captcha')).json();
  if (!data.enabled) return 'off';
  for (let nonce = 0; ; nonce += 1) {
    const candidate = `${data.challenge}:${nonce}`;
    const hash = createHash('sha256').update(candidate).digest();
    let bits = 0;
    for (const byte of hash) {
      if (byte === 0) bits += 8;
      else {
        bits += Math.clz32(byte) - 24;
        break;
      }
    }
    if (bits >= data.difficulty) return candidate;
  }
}

/** A page of the dev mailbox or outbox, read as the demo admin (they answer only staff). */
export async function devMessages(request: APIRequestContext, box: 'mailbox' | 'outbox') {
  const response = await request.get(`/api/dev/${box}?perPage=100`, { headers: auth(await adminToken(request)) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { to: string; subject: string; text: string }[];
}

/** The newest dev-mailbox message to `to`. */
export async function lastMailTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  const data = await devMessages(request, 'mailbox');
  const mail = data.find((m: { to: string }) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The first link in a mail's text. */
export const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${text}`);
  return match[0];
};

/** Registers and confirms an account through the API. */
export async function confirmedAccount(request: APIRequestContext, email: string, password: string) {
  const captcha = await solveCaptcha(request);
  const response = await request.post('/api/register', { data: { name: 'Test Person', email, password, captcha } });
  if (response.status() !== 201) throw new Error(`register: ${response.status()} ${await response.text()}`);
  const token = new URL(linkIn((await lastMailTo(request, email)).text)).searchParams.get('token');
  const confirmed = await request.post('/api/confirm-user', { data: { token } });
  if (!confirmed.ok()) throw new Error(`confirm: ${await confirmed.text()}`);
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for a base32 secret, `offset` steps from now. */
export function totpCode(secretBase32: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + offset));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const at = hmac[hmac.length - 1] & 0x0f;
  const value = (hmac.readUInt32BE(at) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** Signs in through the API and hands the session to the page, as the login screen would. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/api/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`login: ${await response.text()}`);
  const { data } = await response.json();
  await page.goto('/');
  await page.evaluate((token) => window.localStorage.setItem('token', token), data.access as string);
  return data.access as string;
}

/** A fresh, confirmed account signed in on `page`; returns its session token. */
export async function signedInMember(page: Page, prefix: string, password = PASSWORD) {
  const email = uniqueEmail(prefix);
  await confirmedAccount(page.request, email, password);
  const token = await signInAs(page, email, password);
  return { email, password, token };
}

/** A PNG drawn by the browser itself, for upload journeys. */
export async function drawnPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2f7d6d';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffd166';
      context.beginPath();
      context.arc(w / 2, h / 2, Math.min(w, h) / 3, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** The password of every account the journeys make. */
/** The smallest file a PDF reader accepts as one (uploads are checked by content). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export const PASSWORD = 'members only 2026';

export interface Person {
  email: string;
  token: string;
}

export async function person(request: APIRequestContext, prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  await confirmedAccount(request, email, PASSWORD);
  const login = await (await request.post('/api/login', { data: { email, password: PASSWORD } })).json();
  return { email, token: login.data.access };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let cachedAdminToken: string | null = null;

/** The demo admin's session token (one sign-in per worker). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (cachedAdminToken) return cachedAdminToken;
  const login = await request.post('/api/login', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  cachedAdminToken = (await login.json()).data.access as string;
  return cachedAdminToken;
}

/**
 * The demo admin the seed creates, with the password the first-start journey chose in
 * place of the random one the binary printed.
 */
export const DEMO_ADMIN = { email: 'admin@cohort.local', password: 'e2e admin passphrase 2026' };

/**
 * On a second server (cards with Stripe, ORCID), the demo admin's first start happens through
 * the API (the first-start journey shows it in the browser on the main one).
 */
export async function adminPasswordChosen(request: APIRequestContext, dataDir: string | undefined) {
  const chosen = await request.post('/api/login', { data: DEMO_ADMIN });
  if (chosen.ok()) return;
  const given = keptDemoLogins(dataDir).get(DEMO_ADMIN.email)!;
  const login = await request.post('/api/login', { data: { email: DEMO_ADMIN.email, password: given } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).data.access as string;
  const changed = await request.patch('/api/me', {
    headers: auth(token),
    data: { current_password: given, new_password: DEMO_ADMIN.password, confirm_new_password: DEMO_ADMIN.password },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

/** The demo logins the binary kept in its data dir at first start: e-mail to password. */
export function keptDemoLogins(dataDir = process.env.E2E_DATA_DIR ?? ''): Map<string, string> {
  const text = readFileSync(join(dataDir, 'demo-logins.txt'), 'utf8');
  return new Map(text.trim().split('\n').map((line) => line.split(' ') as [string, string]));
}

/** A group `owner` made and submitted through the API: waiting for staff approval. */
export async function submittedGroup(page: Page, owner: Person, title: string) {
  const request = page.request;
  const tags = (await (await request.get('/api/groups/tags')).json()).data;
  const goals = (await (await request.get('/api/groups/goals-of-working-group')).json()).data;
  const created = await request.post('/api/me/groups', {
    headers: auth(owner.token),
    data: { title, summary: '<p>Survivors and clinicians compare rehabilitation notes.</p>', tags: [tags[0].id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()).data;
  const image = await request.post(`/api/me/groups/${group.id}/set-image`, {
    headers: auth(owner.token),
    multipart: { file: { name: 'g.png', mimeType: 'image/png', buffer: await drawnPng(page, 800, 450) } },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const submitted = await request.patch(`/api/me/groups/${group.id}`, {
    headers: auth(owner.token),
    data: {
      goals_of_working_group: [goals[0].id],
      industry_partner_likely: 'no',
      member_obligations: '<ul><li>Share what you learn</li><li>Comment at least once a month</li></ul>',
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return { id: group.id as number, slug: group.slug as string, title };
}

/** A group `owner` made, submitted and the demo admin approved. */
export async function approvedGroup(page: Page, owner: Person, title: string) {
  const group = await submittedGroup(page, owner, title);
  const approved = await page.request.post(`/api/staff/groups/${group.id}/approve`, {
    headers: auth(await adminToken(page.request)),
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return group;
}

/** Joins `member` to the group through the API: a request the owner accepts. */
export async function joined(request: APIRequestContext, slug: string, owner: Person, member: Person) {
  const sent = await request.post(`/api/groups/${slug}/join-requests`, { headers: auth(member.token), data: { message: 'Hello' } });
  expect(sent.status()).toBe(201);
  const list = (await (await request.get(`/api/groups/${slug}/join-requests`, { headers: auth(owner.token) })).json()).data;
  const mine = list.find((r: { email: string }) => r.email === member.email);
  const accepted = await request.post(`/api/groups/${slug}/join-requests/${mine.id}/accept`, { headers: auth(owner.token) });
  expect(accepted.ok()).toBe(true);
}

/** Opens the select or autocomplete `combobox` from the keyboard, as a click would. A click
 * is a press and a release: MUI's Select opens on the press and picks the item under the
 * pointer on a release 200 ms or more later (press, drag, release), which a loaded machine
 * turns a quick click into (the time zone journey once saved "Africa/Bamako"). */
export async function openSelect(combobox: Locator) {
  await combobox.focus();
  await combobox.press('ArrowDown');
  await expect(combobox.page().getByRole('listbox')).toBeVisible();
}

export async function signOut(page: Page) {
  await page.evaluate(() => window.localStorage.removeItem('token'));
}

/** Makes `member` eligible to submit projects as a person becomes so: the equity fields in
 * their profile, and a university address confirmed from its mail and approved by staff. */
export async function eligibleCreator(request: APIRequestContext, member: Person) {
  const headers = auth(member.token);
  const equity = await request.patch('/api/me', {
    headers,
    data: { gender: 'female', age_group: '30_to_39', career_stage: 'senior_staff', current_password: PASSWORD },
  });
  expect(equity.ok(), await equity.text()).toBe(true);
  const university = `uni.${member.email}`;
  const setUp = await request.put('/api/me/setup-university-email', {
    headers,
    data: { affiliation: 'McGill University', university_affiliate_email: university, university_profile_page_url: 'https://mcgill.example.edu/lab' },
  });
  expect(setUp.ok(), await setUp.text()).toBe(true);
  const token = new URL(linkIn((await lastMailTo(request, university)).text)).searchParams.get('token');
  expect((await request.post('/api/me/confirm-university-email', { data: { token } })).ok()).toBe(true);
  const me = (await (await request.get('/api/me', { headers })).json()).data;
  const approved = await request.put(`/api/staff/affiliations/${me.id}`, {
    headers: auth(await adminToken(request)),
    data: { affiliation_status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}

/** Opens a section of the staff console by its navigation link (behind the menu on a phone). */
export async function openConsoleSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: "Open the console's menu" });
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await expect(menu.or(nav).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/** A project its owner wrote and staff approved, through the API. */
export async function liveProject(
  page: Page,
  prefix: string,
  name: string,
  { protocol = true, milestones = [] as { title: string; amount_cents: number; description: string }[] } = {},
) {
  const owner = await person(page.request, prefix);
  await eligibleCreator(page.request, owner);
  const headers = auth(owner.token);
  const title = `${name} ${Date.now()}`;
  const created = await page.request.post('/api/me/projects', { headers, data: { title, lay_summary: '<p>How patients sleep at home after surgery.</p>' } });
  const id = (await created.json()).data.id as number;
  for (const [step, data] of [
    ['research', { problem: '<p>P</p>', aims: '<p>A</p>', methods: '<p>M</p>', impact: '<p>I</p>', ethics_status: 'approved', conflicts: 'None.' }],
    ['budget', { total_budget_cents: 1_000_000, funding_goal_cents: 500_000, campaign_days: 30, milestones }],
  ] as const) {
    expect((await page.request.put(`/api/me/projects/${id}/${step}`, { headers, data })).ok()).toBe(true);
  }
  if (protocol) {
    const registered = await page.request.post(`/api/me/projects/${id}/protocol`, { headers, data: { body: '<p>Adults after surgery wear a sleep tracker for 14 nights.</p>' } });
    expect(registered.ok(), await registered.text()).toBe(true);
  }
  expect((await page.request.post(`/api/me/projects/${id}/submit`, { headers, data: {} })).ok()).toBe(true);
  const approved = await page.request.post(`/api/staff/projects/${id}/review`, { headers: auth(await adminToken(page.request)), data: { verdict: 'approve' } });
  expect(approved.ok()).toBe(true);
  return { owner, id, title, slug: (await approved.json()).data.slug as string };
}

/** `donor` pledges `cents` to the live project at `slug` with the test card `number`, through the API. */
export async function pledgeWithCard(request: APIRequestContext, slug: string, donor: Person, number: string, cents: number) {
  const headers = auth(donor.token);
  const setup = (await (await request.post(`/api/projects/${slug}/card-setups`, { headers, data: {} })).json()).data;
  const card = { client_secret: setup.client_secret, number, exp_month: 12, exp_year: 2035, cvc: '123' };
  expect((await request.post(`/api/test-processor/setups/${setup.setup_id}/confirm`, { data: card })).ok()).toBe(true);
  const made = await request.post(`/api/projects/${slug}/pledges`, { headers, data: { setup_id: setup.setup_id, amount_cents: cents, adult: true } });
  expect(made.ok(), await made.text()).toBe(true);
}

/** The text of a PDF's first page as a reader (pdf.js) extracts it: through its fonts' ToUnicode maps. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
}

/** How many lines `locator`'s text takes on screen: a label or a button that should read on one
 * line and wraps ("Zoo / m") has two. */
export async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

/** `locator`'s text is cut (an ellipsis or hidden overflow): its content is wider than its box. */
export async function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}
