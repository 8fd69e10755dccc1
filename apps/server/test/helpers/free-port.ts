/**
 * A loopback port for a test server that must know its address before it listens (the simulator and
 * the webhooks call it there). Not `listen(0)`: Linux hands those out from the ephemeral range, which is
 * also where every outgoing connection (to PostgreSQL, to the fake AI) takes its local port, so a port
 * freed here could be taken before the server binds it. Ports come from below the ephemeral range
 * (32768–60999 by default), from a different band for each vitest pass (the PGlite and PostgreSQL passes
 * run side by side), never twice from one process, and are checked free by binding them first.
 */
import net from 'node:net';

const BANDS = { pglite: [10_000, 21_000], postgres: [21_000, 32_000] } as const;
const handedOut = new Set<number>();

function band(): readonly [number, number] {
  return process.env.TEST_DB === 'postgres' ? BANDS.postgres : BANDS.pglite;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const [low, high] = band();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}
