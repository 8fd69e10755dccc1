/**
 * A fault-injecting HTTP proxy on 127.0.0.1 in front of the gateway (docs/decisions/005-conversation-engine.md). Every request
 * is forwarded as is, except sendText calls, which get the fault `pick` chooses:
 * - 'refuse': a 500 with Evolution's error envelope, not forwarded (a definite refusal: nothing sent);
 * - 'cut': forwarded, the gateway accepts it, then the connection to the client is cut (unknown outcome);
 * - 'timeout': forwarded, the gateway accepts it, and no answer ever comes (the client times out);
 * - 'hold': forwarded, the gateway accepts it, and the answer waits until release() (a process
 *   stopped, or killed, in the middle of a send);
 * - 'pass': forwarded normally.
 * Loopback only; counts what it did.
 */
import http from 'node:http';
import type net from 'node:net';

export type Fault = 'pass' | 'refuse' | 'cut' | 'timeout' | 'hold';

export interface FaultProxy {
  url: string;
  counts: Record<Fault, number>;
  /** The bodies of the sendText calls held now ('hold'), oldest first. */
  held: string[];
  /** Answers every held call (later calls get what `pick` chooses). */
  release(): void;
  close(): Promise<void>;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same faults. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startFaultProxy(
  target: string,
  pick: (path: string, body: string) => Fault,
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const counts: Record<Fault, number> = { pass: 0, refuse: 0, cut: 0, timeout: 0, hold: 0 };
  const held: { body: string; answer: () => void }[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const fault = path.includes('/message/sendText/') ? pick(path, Buffer.concat(chunks).toString()) : 'pass';
      counts[fault] += 1;
      if (fault === 'refuse') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 500,
            error: 'Internal Server Error',
            response: { message: ['Falha simulada no gateway'] },
          }),
        );
        return;
      }
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: `${upstream.pathname.replace(/\/$/, '')}${path}`,
          headers: { ...req.headers, host: upstream.host },
        },
        (up) => {
          const body: Buffer[] = [];
          up.on('data', (c: Buffer) => body.push(c));
          up.on('end', () => {
            if (fault === 'cut') {
              req.socket.destroy(); // the gateway has taken the message; the client never learns it
              return;
            }
            if (fault === 'timeout') return; // never answered: the client's timeout ends it
            const answer = () => {
              res.writeHead(up.statusCode ?? 502, up.headers);
              res.end(Buffer.concat(body));
            };
            if (fault === 'hold') held.push({ body: Buffer.concat(chunks).toString(), answer });
            else answer();
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    get held() {
      return held.map((h) => h.body);
    },
    release: () => {
      for (const h of held.splice(0)) h.answer();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
