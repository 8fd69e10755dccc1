/**
 * A provider's API replayed from recorded shapes (test/fixtures/pix): each request is recorded and
 * answered by the test's handler; `cut` closes the connection without an answer, as a dropped
 * network would after the provider did the work.
 */
import http from 'node:http';
import type net from 'node:net';

export interface FixtureRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider's JSON, read freely by the tests
  body: any;
}

export type FixtureAnswer = { status?: number; body: unknown } | 'cut';

export interface FixtureServer {
  url: string;
  requests: FixtureRequest[];
  close(): Promise<void>;
}

export async function startFixtureServer(
  handle: (req: FixtureRequest) => FixtureAnswer | Promise<FixtureAnswer>,
): Promise<FixtureServer> {
  const requests: FixtureRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      requests.push(request);
      const answer = await handle(request);
      if (answer === 'cut') return req.socket.destroy();
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
