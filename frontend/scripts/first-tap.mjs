#!/usr/bin/env node
// How long a visitor's first tap waits on a page the server rendered: the app starts at the
// visitor's first use (src/main.tsx), so the first tap on a button pays for its start. Opens
// a working group's page in Debian's Chromium with the CPU slowed as Lighthouse's phone
// slows it (4×), lets the page settle (its scripts fetched into the cache), taps its
// "Supplementary Materials" tab (in the first screen) and times the tap to the tab being
// selected, then a tap on "Overview" once the app is running, for comparison. Prints the median of FIRST_TAP_RUNS (5) of each.
//
//   COHORT_URL=http://127.0.0.1:18190 node scripts/first-tap.mjs
import { chromium } from '@playwright/test';

const base = (process.env.COHORT_URL ?? 'http://127.0.0.1:18190').replace(/\/$/, '');
const runs = Number(process.env.FIRST_TAP_RUNS ?? 5);
const groups = await (await fetch(`${base}/api/groups?perPage=50`)).json();
const group = groups.data.find((g) => g.active_status === 'active' && g.approved_status === 'approved');
if (!group) throw new Error('the demo has no open working group');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

/** Milliseconds from a tap on the tab named `name` to its being selected. */
async function tapTab(page, name) {
  const tab = page.getByRole('tab', { name });
  const box = await tab.boundingBox();
  const started = Date.now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.getByRole('tab', { name, selected: true }).waitFor();
  return Date.now() - started;
}

const first = [];
const running = [];
for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${base}/working-groups/${group.slug}`, { waitUntil: 'networkidle' });
  if ((await page.locator('html').getAttribute('data-app')) !== null) throw new Error('the app started before the tap');
  first.push(await tapTab(page, 'Supplementary Materials'));
  running.push(await tapTab(page, 'Overview'));
  await context.close();
}
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`first tap, the app starting: median ${median(first)} ms (runs ${first.join(', ')})`);
console.log(`a tap once it runs:          median ${median(running)} ms (runs ${running.join(', ')})`);
