import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
try {
  for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
    const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const a = r.lhr.audits;
    console.log(`perf ${Math.round(r.lhr.categories.performance.score*100)} TBT ${Math.round(a['total-blocking-time'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} FCP ${Math.round(a['first-contentful-paint'].numericValue)} TTI ${Math.round(a['interactive'].numericValue)}`);
    for (const t of a['long-tasks'].details.items) console.log(`  long task ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`);
    for (const t of a['bootup-time'].details.items) console.log(`  bootup ${t.url} total ${Math.round(t.total)} script ${Math.round(t.scripting)} parse ${Math.round(t.scriptParseCompile)}`);
    for (const t of a['mainthread-work-breakdown'].details.items) console.log(`  mt ${t.groupLabel} ${Math.round(t.duration)}`);
    writeFileSync(`/tmp/lh/run${i}.json`, r.report);
  }
} finally { await chrome.kill(); }
