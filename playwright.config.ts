import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from './e2e/support/browser';
import { liveE2ePorts } from './e2e/support/fake-openai';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * 'ai-live': the same harness on other ports, its AI pointed at a fake OpenAI-compatible server; both are
 * started by that project's worker when its first journey runs (e2e/support/live-harness.ts).
 */
const LIVE = liveE2ePorts();

/** Browser journeys against the real server, in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: './e2e',
  // A file's journeys run in order in one worker; three files run at once: the journeys mostly wait on the app
  // and the engine, so two workers left a third of both cores idle (docs/decisions/059-ci-time-test-passes.md).
  // Each journey signs up its own account, so the workers share the harness's server without sharing data.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records DOM snapshots and screencast frames at every step: on every journey it cost about 15 % of
    // the journeys' CPU (Chromium's GPU and browser processes; docs/performance.md#ci-time). CI records it on the
    // retry of a failed journey (retries: 1), where it is read; a local run keeps it for a failed journey.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The app registers a service worker (docs/decisions/067-web-push.md). A page it controls is served
    // from its cache, where page.route() cannot see the requests (Playwright's network docs): journeys run
    // without it; e2e/pwa-push.spec.ts allows it to test the worker itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Pages honour prefers-reduced-motion (apps/web/src/index.css): no spinner or skeleton redraws the page
    // every frame while a journey waits (docs/decisions/080-journeys-cpu.md).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      // The headless shell when installed (e2e/support/browser.ts).
      executablePath: JOURNEY_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  // 'ai-live' first: its journeys run one after the other in one worker, with their own harness. Last, they were
  // the run's tail with the other workers idle; first, they run beside the chromium journeys.
  projects: [
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
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
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
  ],
});
