/**
 * The 'ai-live' project's servers (playwright.config.ts): the fake OpenAI-compatible server and a second
 * harness whose AI is that server. Started by the project's worker when its first journey runs and stopped
 * with the worker, instead of by Playwright's webServer at the start of the run: a harness costs about
 * 11 s of CPU to start and 3.6–4.7 s for every minute it idles, and the chromium project's journeys take
 * most of the run (docs/decisions/080-journeys-cpu.md). The project runs on one worker, so there is one of
 * each at a time; a worker restarted after a failed journey starts them again (every journey signs up its
 * own account and sets the fake's mode itself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startFakeOpenAi, liveE2ePorts } from './fake-openai';

/** How long the harness may take to answer /api/health on a loaded machine (the webServer's limit was 120 s). */
const START_LIMIT_MS = 170_000;

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts both servers; resolves with a function that stops them. */
export async function startLiveServers(): Promise<() => Promise<void>> {
  const ports = liveE2ePorts();
  const fake = await startFakeOpenAi({ port: ports.fakeOpenAi });
  const harness = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/harness.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(ports.app),
      E2E_CONTROL_PORT: String(ports.control),
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'chave-e2e',
      AI_MAX_RETRIES: '0',
      // None of its journeys has follow-ups: the product's poll.
      FOLLOW_UPS_POLL_SECONDS: '15',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopChild(harness);
    await fake.close();
  };
  const started = Date.now();
  while (!(await healthy(`http://localhost:${ports.app}/api/health`))) {
    if (harness.exitCode !== null || Date.now() - started > START_LIMIT_MS) {
      await stop();
      throw new Error(`o harness 'ai-live' não respondeu em http://localhost:${ports.app}/api/health`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return stop;
}
