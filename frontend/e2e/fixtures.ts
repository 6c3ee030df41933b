import { appendFileSync } from 'node:fs';
import axe from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';

// WCAG 2.0–2.2, levels A and AA: what issue 21 holds every screen to.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** A finding under one of the WCAG tags. */
const WCAG_RULE = (ruleTags: string[]) => ruleTags.some((tag) => WCAG_TAGS.includes(tag));
// axe's best practices that issue 21 names (heading order, one h1, landmarks told apart, roles
// an element may take), held to whatever their impact; the other best practices are surveyed.
const HELD_BEST_PRACTICES = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-unique',
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'aria-allowed-role',
]);

/**
 * Runs `check` with every transition and animation of the page cut to its end state: a fade
 * or a colour change half done (a button enabled a moment ago) would be checked at half its
 * contrast.
 */
async function stillFor<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const still = await page
    .addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
    .catch(() => null);
  try {
    return await check();
  } finally {
    await still?.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
}

/**
 * axe-core's results for the page's own document. axe (1.5 MB of script) is put in a document
 * once and stays for the checks that follow in it (a page the app moves within keeps its
 * document); @axe-core/playwright evaluated it twice per check, and again in every frame.
 */
async function runAxe(page: Page, options: axe.RunOptions): Promise<axe.AxeResults> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: typeof axe }).axe?.run === 'function');
  if (!present) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  return page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), options);
}

// With AXE_SURVEY=<file>, every finding of any impact, best practices included, is appended to
// the file (one JSON line each) for a survey; the run still fails only as below.
const SURVEY = process.env.AXE_SURVEY;

/** What the page shows: its address and its document, digested (the same state is checked once). */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const text = `${location.href}\n${document.documentElement.outerHTML}`;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  });
/** The state each page was last checked in: a journey that photographs a screen and ends on it
 * checks it once (an axe run costs about a second of the browser's time). */
const lastChecked = new WeakMap<Page, string>();

/**
 * axe on what the page shows now: fails with each serious or critical WCAG violation and each
 * held best practice, named.
 */
export async function expectAccessible(page: Page, where: string) {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  // A journey may end the moment the address changes, with the next page still loading: the page
  // is checked once its spinners (progress of no known amount) are gone, or as it is after 5 s.
  await page
    .locator('[role="progressbar"]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
  const state = await shown(page).catch(() => null);
  if (state !== null && lastChecked.get(page) === state && !SURVEY) return;
  // Frames are left out: ours hold other sites' players and viewers (unreachable here, so the
  // browser's error page), not ours to fix; the frame element itself (its title) is still
  // checked on our page. WCAG 2.5.3's check (a control's name holds its visible text) is one of
  // axe's experimental rules, run here by name (issue 43: the bell and the vote buttons failed
  // it). Only violations are reported in full: the rules that passed, listed node by node, were
  // a share of every check's time in the browser and in the runner.
  const options: axe.RunOptions = {
    runOnly: { type: 'tag', values: [...WCAG_TAGS, 'best-practice'] },
    iframes: false,
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } },
  };
  // From the page's top: scrolled part-way, whatever sits under the sticky header counts as an
  // obscured touch target (target-size), which is where the journey last scrolled, not a fault
  // of the page. The journey's own scroll is put back afterwards.
  const scrolled = await page.evaluate(() => {
    const at = window.scrollY;
    window.scrollTo(0, 0);
    return at;
  });
  const { violations } = await stillFor(page, () => runAxe(page, options));
  await page.evaluate((at) => window.scrollTo(0, at), scrolled);
  if (SURVEY) {
    const path = new URL(page.url()).pathname;
    const lines = violations.map((v) =>
      JSON.stringify({ path, rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }),
    );
    if (lines.length) appendFileSync(SURVEY, lines.join('\n') + '\n');
  }
  const blocking = violations.filter(
    (violation) => HELD_BEST_PRACTICES.has(violation.id) || (BLOCKING.has(violation.impact ?? '') && WCAG_RULE(violation.tags)),
  );
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} ${node.html} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
  );
  expect(report, `axe found violations ${where} on ${page.url()}`).toEqual([]);
  if (state !== null) lastChecked.set(page, state);
}

// E2E_PHOTOS=off (as `just test` runs): the journeys' photographs, for people to look at, are
// not written; each screen they would show is still checked by axe. A failed journey's own
// screenshot and trace are kept either way.
const PHOTOS = process.env.E2E_PHOTOS !== 'off';

/**
 * Every journey is checked by axe at each screen it photographs (the journeys photograph the
 * states worth seeing) and where it ends.
 */
export const test = base.extend<{ accessible: void }>({
  accessible: [
    async ({ page }, use) => {
      const screenshot = page.screenshot.bind(page);
      page.screenshot = async (options) => {
        await expectAccessible(page, `before the screenshot ${options?.path ?? ''}`);
        return PHOTOS || !options?.path ? screenshot(options) : Buffer.alloc(0);
      };
      // A public page arrives from the server whole (crates/app/src/site/prerender.rs) and is
      // readable before its script has run; a visitor's stays the server's until they use it
      // (src/main.tsx). A journey reaches for the page (the mouse moves over its corner: not
      // an input that excuses a layout shift) and goes on once the app has taken it over
      // (src/start.tsx marks the document), as a person would find the page answering.
      const goto = page.goto.bind(page);
      let moves = 0;
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const isApp = response?.headers()['content-type']?.startsWith('text/html') && (await page.locator('#root').count()) > 0;
        if (isApp) {
          moves += 1;
          await page.mouse.move(1 + (moves % 2), 1);
          await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
        }
        return response;
      };
      await use();
      // A journey that ends on a navigation (a sign-in landing on the dashboard) leaves the new
      // screen loading: it is checked once its heading is there, as a person would read it
      // (after 10 s it is checked as it is, and axe names what is missing).
      if (!page.isClosed() && page.url().startsWith('http')) {
        await page
          .getByRole('heading', { level: 1 })
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
      }
      await expectAccessible(page, 'at the end of the journey');
    },
    { auto: true },
  ],
});
