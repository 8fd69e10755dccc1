/**
 * A WebSocket client for tests (the `ws` package, as a browser would connect: cookie + Origin),
 * keeping every text message it receives.
 */
import WebSocket from 'ws';

export interface WsClient {
  socket: WebSocket;
  /** Parsed JSON messages, in arrival order (hello included). */
  messages: { event: string; data?: unknown }[];
  /** Waits for the first message (from index `since`) that matches. */
  waitFor(
    match: (m: { event: string; data?: unknown }) => boolean,
    options?: { timeoutMs?: number; since?: number },
  ): Promise<{ event: string; data?: unknown }>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/** Connects and waits for the server's hello. Rejects with `unexpected response <status>` when the upgrade is refused. */
export function connectWs(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: { event: string; data?: unknown }[] = [];
    let resolveClosed!: (code: number) => void;
    const closed = new Promise<number>((r) => (resolveClosed = r));
    socket.on('close', (code) => resolveClosed(code));
    socket.on('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`unexpected response ${res.statusCode}`), { statusCode: res.statusCode }));
      socket.terminate();
    });
    socket.on('error', (err) => reject(err));
    const client: WsClient = {
      socket,
      messages,
      closed,
      async waitFor(match, { timeoutMs = 5_000, since = 0 } = {}) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = messages.slice(since).find(match);
          if (found) return found;
          if (Date.now() > deadline)
            throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      },
      async close() {
        if (socket.readyState === WebSocket.CLOSED) return;
        socket.close();
        await closed;
      },
    };
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const msg = JSON.parse(data.toString()) as { event: string };
      messages.push(msg);
      if (msg.event === 'hello') resolve(client);
    });
  });
}
