/**
 * Logs (docs/operations/README.md#logs): a started server writes one JSON object per line unless asked
 * for readable lines, which carry the same message through pino-pretty.
 */
import { describe, expect, it, vi } from 'vitest';
import { startServerProcess } from './helpers/server-process.ts';

const START_LINE = /VendAI em http:\/\/\S+/;

async function startupOutput(env: Record<string, string>): Promise<string> {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  try {
    await fetch(`${server.url}/api/health`);
    // The start line is written just after the listener opens, by the transport's thread: wait for it.
    await vi.waitFor(() => expect(server.output()).toMatch(START_LINE), { timeout: 30_000, interval: 100 });
    return server.output();
  } finally {
    await server.stop();
  }
}

describe('server logs', () => {
  it('JSON lines by default when not on a terminal', async () => {
    const out = await startupOutput({});
    const lines = out.split('\n').filter((l) => l.startsWith('{'));
    const start = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; time: number })
      .find((l) => START_LINE.test(l.msg));
    expect(start).toMatchObject({ level: 30 });
    expect(typeof start?.time).toBe('number');
  }, 120_000);

  it('LOG_FORMAT=pretty: readable lines with the same message, no JSON', async () => {
    const out = await startupOutput({ LOG_FORMAT: 'pretty' });
    const line = out.split('\n').find((l) => START_LINE.test(l));
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}(\.\d+)?\] .*INFO.*: VendAI em /);
    expect(out.split('\n').some((l) => l.startsWith('{"level"'))).toBe(false);
  }, 120_000);
});
