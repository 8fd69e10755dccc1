import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { type GraphReply, metaFixture } from '../../../test/helpers/meta-fixtures.ts';
import { createCloudSignup } from './cloud-signup.ts';

/**
 * The Embedded Signup adapter against a loopback Graph API answering with Meta's documented shapes
 * (test/fixtures/meta-cloud/oauth.json and register.json): a used code is the owner's to redo (a 4xx in
 * Portuguese, never a server error); registration sends messaging_product and the PIN, and a number that
 * already has another PIN gets ours set first (two-step verification) and is registered again.
 */
const oauth = metaFixture<{ codeUsed: GraphReply; exchange: GraphReply }>('oauth');
const register = metaFixture<{
  request: { messaging_product: string; pin: string };
  success: GraphReply;
  pinMismatch: GraphReply;
  invalidPin: GraphReply;
  setPin: { request: { pin: string }; success: GraphReply };
}>('register');

interface Seen {
  method: string;
  path: string;
  body: unknown;
}
let server: Server;
let base = '';
const seen: Seen[] = [];
let replies: GraphReply[] = [];

const readAll = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method!, path: new URL(req.url!, 'http://x').pathname, body: await readAll(req) });
    const reply = replies.shift() ?? { status: 500, body: { error: { message: 'unexpected call', code: 1 } } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  replies = [];
});

const signup = () => createCloudSignup({ graphUrl: base, graphVersion: 'v23.0', appId: '1', appSecret: 's' });

it('a code Meta says was already used is a 400 telling the owner to start again, not a 502', async () => {
  replies = [oauth.codeUsed];
  const err = await signup()
    .exchangeCode('used-code', 'http://app/cb')
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(400);
  expect((err as AppError).message).toMatch(/já foi usado ou expirou\. Comece a conexão de novo/);
});

it('registers the number with messaging_product and the PIN', async () => {
  replies = [register.success];
  await signup().register('EAAtoken', '106540352242922', register.request.pin);
  expect(seen).toEqual([{ method: 'POST', path: '/v23.0/106540352242922/register', body: register.request }]);
});

it('a number with another PIN gets ours set (two-step verification), then registers', async () => {
  replies = [register.pinMismatch, register.setPin.success, register.success];
  await signup().register('EAAtoken', '106540352242922', register.request.pin);
  expect(seen.map((s) => [s.path, s.body])).toEqual([
    ['/v23.0/106540352242922/register', register.request],
    ['/v23.0/106540352242922', register.setPin.request],
    ['/v23.0/106540352242922/register', register.request],
  ]);
});

it("Meta's other refusals of the registration are explained in Portuguese", async () => {
  replies = [register.invalidPin];
  const err = (await signup()
    .register('EAAtoken', '1', '12')
    .catch((e: unknown) => e)) as AppError;
  expect(err.status).toBe(400);
  expect(err.message).toMatch(/A Meta recusou um dado do pedido \(#100\)/);
  replies = [{ status: 500, body: { error: { message: 'Something went wrong', code: 131000 } } }];
  const server_ = (await signup()
    .register('EAAtoken', '1', '123456')
    .catch((e: unknown) => e)) as AppError;
  expect(server_.status).toBe(502);
});
