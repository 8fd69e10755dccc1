import { defineConfig, devices } from '@playwright/test';
import { liveE2ePorts } from './e2e/support/fake-openai';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** 'ai-live': the same harness on other ports, its AI pointed at a fake OpenAI-compatible server. */
const LIVE = liveE2ePorts();

/** Browser journeys against the real server, in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: './e2e',
  // A file's journeys run in order in one worker; two files run at once (docs/decisions/059-ci-time-test-passes.md).
  // Each journey signs up its own account, so two workers share the harness's server without sharing data.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // The app registers a service worker (docs/decisions/067-web-push.md). A page it controls is served
    // from its cache, where page.route() cannot see the requests (Playwright's network docs): journeys run
    // without it; e2e/pwa-push.spec.ts allows it to test the worker itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'ai-live',
      testMatch: /(training-live|voice-notes|catalogue-live|business-facts-live)\.spec\.ts$/,
      // One at a time: the fake OpenAI server's answer mode and recorded requests are shared by its journeys.
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${LIVE.app}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/harness.ts',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx e2e/support/fake-openai.ts',
      url: `http://127.0.0.1:${LIVE.fakeOpenAi}/health`,
      env: { FAKE_OPENAI_PORT: String(LIVE.fakeOpenAi) },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --import tsx e2e/support/harness.ts',
      url: `http://localhost:${LIVE.app}/api/health`,
      env: {
        E2E_PORT: String(LIVE.app),
        E2E_CONTROL_PORT: String(LIVE.control),
        AI_PROVIDER: 'openai',
        AI_BASE_URL: `http://127.0.0.1:${LIVE.fakeOpenAi}/v1`,
        AI_API_KEY: 'chave-e2e',
        AI_MAX_RETRIES: '0',
        // None of its journeys has follow-ups, and it idles through most of the run: the product's poll.
        FOLLOW_UPS_POLL_SECONDS: '15',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
