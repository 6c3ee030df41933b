import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The real binary on a fresh embedded database; `just e2e` builds both first and sets E2E_PORT
// to the first of five free ports (a fixed base failed whole runs when a process left over from
// an interrupted run held one of them).
const port = Number(process.env.E2E_PORT ?? 18080);
// Set once, in the runner, and inherited by its workers: the first-start journey reads the
// demo logins the binary keeps in its data dir.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cohort-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const binary = process.env.COHORT_BIN ?? '../target/debug/cohort';

// A second server takes cards with Stripe: Stripe.js and the API are localstripe's (PyPI's
// stand-in Stripe, installed by `just localstripe`, run with the Connect transfers and
// idempotency keys scripts/localstripe_connect.py adds), on the next ports.
const stripePort = port + 1;
const localstripePort = port + 2;
process.env.E2E_STRIPE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cohort-e2e-stripe-'));
const localstripe = `${process.env.LOCALSTRIPE_PYTHON ?? join(homedir(), '.cache/cohort/localstripe/bin/python')} ../scripts/localstripe_connect.py`;
const localstripeUrl = `http://127.0.0.1:${localstripePort}`;

// A third server offers ORCID sign-in, against a stand-in ORCID (e2e/orcid-provider.mjs).
const orcidPort = port + 3;
const orcidProviderPort = port + 4;
process.env.E2E_ORCID_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cohort-e2e-orcid-'));
process.env.E2E_ORCID_PROVIDER = `http://127.0.0.1:${orcidProviderPort}`;
const orcidProvider = process.env.E2E_ORCID_PROVIDER;

// A webhook receiver the main server may deliver to (e2e/webhook-receiver.mjs).
const receiverPort = port + 5;
process.env.E2E_WEBHOOK_RECEIVER = `http://127.0.0.1:${receiverPort}`;
const webhookReceiver = process.env.E2E_WEBHOOK_RECEIVER;

/** The binary on its own embedded database at `serverPort`, in development mode. */
function server(serverPort: number, serverDataDir: string, extra: Record<string, string> = {}) {
  return {
    command: `${binary} serve`,
    url: `http://127.0.0.1:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      COHORT_HOST: '127.0.0.1',
      COHORT_DATA_DIR: serverDataDir,
      // Mailed links must open on the origin the browser signed in on.
      COHORT_PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      COHORT_STATIC_DIR: 'dist',
      RUST_LOG: 'warn',
      // Development mode: staff read the dev mailbox and outbox (the journeys read links
      // and codes as the demo admin).
      COHORT_DEV: 'on',
      // The journeys sign in more often than a person would; the limit itself has API tests.
      COHORT_RATE_LIMIT_PER_MINUTE: '1000',
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  // The journeys share one server and database, each on its own data. Three keep two cores busy
  // (the browser is most of the work): two left a quarter of the machine idle, four only added
  // contention (2026-11-29: 17.9, about 14 and 15.9 minutes).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One more try for a journey that failed: a run on a busy two-core machine now and then loses
  // a race no user would (a click as the layout settles); the list reporter names such a
  // journey "flaky", so it is seen and fixed, while a real fault fails both tries.
  retries: 1,
  reporter: [['list']],
  // Budgets for a busy two-core machine, where a journey and its page checks (axe on every
  // page) take twice as long as on a workstation: long enough not to fail a correct journey,
  // short enough that a hung one still ends.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Journeys start with cookies accepted; the cookie banner's own journey starts without.
    storageState: {
      cookies: [{ name: 'cookie_consent', value: 'true', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
    // A journey that fails is tried again with its trace recorded: recording every passing
    // journey's snapshots and screencast took a share of the browser's time in every run.
    trace: 'on-first-retry',
    // The browser asks for less motion, which the theme honours: no transition is caught half
    // done, and no spinner or skeleton keeps the browser drawing frames while a journey waits.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The demo admin's first sign-in chooses the password every other journey uses.
    { name: 'first-start', testMatch: /first-start\.setup\.ts/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'desktop', dependencies: ['first-start'], testIgnore: /(stripe|orcid|phone-tour)\.spec\.ts/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The phone runs the journeys whose layout a phone changes, tagged @phone (the public site,
    // the sign-up wizard, the shell and its drawer, the dark theme, a discussion, the guardrail's
    // prompt), and the tour of every other screen at its width. Behaviour the width does not
    // change (sign-in's lock-out, reset and two-factor, the content routes' shared page, the
    // multi-actor journeys) is proved once, on the desktop: the phone's repeats of it were a
    // tenth of the run's time.
    {
      name: 'phone',
      dependencies: ['first-start'],
      testMatch: /(auth|content|dark|discussions|events|guardrail|learning|messages|server-rendered|shell|phone-tour|protocols|escrow)\.spec\.ts/,
      grep: /@phone/,
      // A phone's width, touch and user agent at one device pixel per CSS pixel: the journeys
      // check layout, which the pixel ratio does not change, and rasterising 2.6 times the
      // pixels on every frame was a share of the run.
      use: { ...devices['Pixel 7'], deviceScaleFactor: 1, channel: undefined },
    },
    // Signing in and connecting with ORCID, on the server that offers it.
    {
      name: 'orcid',
      testMatch: /orcid\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${orcidPort}` },
    },
    // Cards entered in Stripe.js, on the server that takes them with Stripe.
    {
      name: 'stripe',
      testMatch: /stripe\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${stripePort}` },
    },
  ],
  webServer: [
    server(port, dataDir, { COHORT_OUTBOUND_ALLOWLIST: webhookReceiver }),
    {
      command: `node e2e/webhook-receiver.mjs ${receiverPort}`,
      url: `${webhookReceiver}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `${localstripe} --port ${localstripePort} --from-scratch`,
      url: `${localstripeUrl}/js.stripe.com/v3/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    server(stripePort, process.env.E2E_STRIPE_DATA_DIR, {
      COHORT_PAYMENTS: 'stripe',
      COHORT_STRIPE_SECRET_KEY: 'sk_test_cohort_e2e',
      COHORT_STRIPE_PUBLISHABLE_KEY: 'pk_test_cohort_e2e',
      COHORT_STRIPE_API_URL: localstripeUrl,
      COHORT_STRIPE_JS_URL: `${localstripeUrl}/js.stripe.com/v3/`,
      COHORT_PAYMENTS_WEBHOOK_SECRET: 'whsec_cohort_e2e',
    }),
    {
      command: `node e2e/orcid-provider.mjs ${orcidProviderPort}`,
      url: `${orcidProvider}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    server(orcidPort, process.env.E2E_ORCID_DATA_DIR, {
      COHORT_ORCID_CLIENT_ID: 'APP-COHORTE2E',
      COHORT_ORCID_CLIENT_SECRET: 'orcid-e2e-secret',
      COHORT_ORCID_AUTH_URL: `${orcidProvider}/oauth/authorize`,
      COHORT_ORCID_TOKEN_URL: `${orcidProvider}/oauth/token`,
      COHORT_ORCID_USERINFO_URL: `${orcidProvider}/oauth/userinfo`,
      COHORT_ORCID_RECORD_URL: `${orcidProvider}/v3.0`,
    }),
  ],
});
