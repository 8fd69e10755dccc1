import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealSecret } from '../../lib/secret-box.ts';
import { metaFixture } from '../../../test/helpers/meta-fixtures.ts';
import { createCloudSignup } from './cloud-signup.ts';
import { createCloudTemplates, templateComponents } from './cloud-templates.ts';

/**
 * Templates read and sent as Meta documents them (test/fixtures/meta-cloud/templates.json): the list
 * followed over every page (`paging.cursors.after` while `paging.next` is there), HEADER (text with a
 * variable, or media), BODY with positional and named parameters, BUTTONS (quick reply, URL with a
 * variable); a send carries the `components` of the fixture's request, named parameters with
 * `parameter_name` (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
 */
type Json = Record<string, unknown>;
const fixture = metaFixture<{
  pages: { data: Json[]; paging: Json }[];
  send: { positional: Json; named: Json };
}>('templates');

let server: Server;
let base = '';
const seen: { path: string; query: URLSearchParams; body: Json | null }[] = [];
let replies: Json[] = [];

const readAll = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : null;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push({ path: url.pathname, query: url.searchParams, body: await readAll(req) });
    const reply = replies.shift() ?? { error: { message: 'unexpected call', code: 1 } };
    res.writeHead(reply.error ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  replies = [];
});

describe('reading the templates', () => {
  it('follows every page with the cursor and understands header, named parameters and buttons', async () => {
    replies = [...fixture.pages];
    const signup = createCloudSignup({ graphUrl: base, graphVersion: 'v23.0', appId: undefined, appSecret: undefined });
    const list = await signup.templates('EAAtoken', '102290129340398');
    // Two pages asked of our Graph root (never of `paging.next`'s host), the second with the first's cursor.
    expect(seen.map((s) => s.path)).toEqual(Array(2).fill('/v23.0/102290129340398/message_templates'));
    expect(seen[0]!.query.get('after')).toBeNull();
    expect(seen[1]!.query.get('after')).toBe('QVFIUnBhZ2UyAAA');
    expect(seen[0]!.query.get('fields')).toContain('parameter_format');
    // The PENDING one is left out.
    expect(list.map((t) => t.name)).toEqual(['pedido_enviado', 'promo_nome']);
    expect(list[0]).toMatchObject({
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      variables: 2,
      bodyNames: [],
      header: { format: 'TEXT', text: 'Pedido {{1}}', variable: '1' },
      buttons: [
        { type: 'URL', text: 'Acompanhar', url: 'https://loja.example/rastreio/{{1}}', variable: true },
        { type: 'QUICK_REPLY', text: 'Falar com a loja', url: null, variable: false },
      ],
    });
    expect(list[1]).toMatchObject({
      category: 'MARKETING',
      parameterFormat: 'NAMED',
      variables: 2,
      bodyNames: ['first_name', 'produto'],
      header: { format: 'IMAGE', text: null, variable: null },
      buttons: [],
    });
  });
});

describe('sending a template', () => {
  const positional = {
    name: 'pedido_enviado',
    language: 'pt_BR',
    values: ['Marina', '18h'],
    header: { format: 'TEXT' as const, value: '4321' },
    buttons: [{ index: 0, value: '4321' }],
  };
  const named = {
    name: 'promo_nome',
    language: 'pt_BR',
    values: ['Marina', 'O bolo de cenoura'],
    names: ['first_name', 'produto'],
    header: { format: 'IMAGE' as const, value: 'https://loja.example/bolo.jpg' },
  };

  it('builds the components Meta documents: header, body (parameter_name when named), URL button', () => {
    const components = (send: Json) => (send.template as Json).components;
    expect(templateComponents(positional)).toEqual(components(fixture.send.positional));
    expect(templateComponents(named)).toEqual(components(fixture.send.named));
  });

  it('posts exactly the fixture request', async () => {
    const key = randomBytes(32);
    const number = { phoneNumberId: '106540352242922', wabaId: '102290129340398', sealed: sealSecret(key, 'EAAG') };
    const templates = createCloudTemplates({ graphUrl: base, graphVersion: 'v23.0', key });
    replies = [{ messaging_product: 'whatsapp', messages: [{ id: 'wamid.A', message_status: 'accepted' }] }];
    expect(await templates.sendTemplate(number, '5511977776666@s.whatsapp.net', positional)).toBe('wamid.A');
    expect(seen[0]!.body).toEqual(fixture.send.positional);
    replies = [{ messaging_product: 'whatsapp', messages: [{ id: 'wamid.B', message_status: 'accepted' }] }];
    expect(await templates.sendTemplate(number, '5511977776666', named)).toBe('wamid.B');
    expect(seen[1]!.body).toEqual(fixture.send.named);
  });
});
