/**
 * Seeded generators of hostile HTTP input for the fuzz test (fuzz.test.ts): the same seed gives the
 * same requests, so a failure is reproduced with FUZZ_SEED=<seed>.
 */
import { randomUUID } from 'node:crypto';

/** mulberry32: a tiny, good-enough seeded PRNG. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

/** Text fragments written as JSON source, so escapes like \u0000 and lone surrogates survive. */
const NASTY_JSON_STRINGS = [
  '"\\u0000"',
  '"Ana \\ud83d"',
  '"\\udc00\\ud800x"',
  '"a\\u0000b\\u0000"',
  '"😀👍🏽"',
  '""',
  '" "',
  '"\\n\\t\\r"',
  '"%00"',
  '"../../etc/passwd"',
  '"<script>alert(1)</script>"',
  `"${'x'.repeat(5000)}"`,
  `"${'ç'.repeat(300)}"`,
  '"2024-02-30T10:00:00Z"',
  '"0000-00-00"',
  '"\' OR 1=1 --"',
  '"null"',
];
const NASTY_JSON_VALUES = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1e308',
  '1e309',
  '-0',
  '3.5',
  '99999999999999999999999',
  '[]',
  '{}',
  '[null]',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '[[[[[[[[[[1]]]]]]]]]]',
];

export function nestedJson(levels: number): string {
  return '['.repeat(levels) + '0' + ']'.repeat(levels);
}

/** A random JSON value as source text. */
export function randomJsonValue(r: Random, depth = 0): string {
  const roll = r.int(10);
  if (roll < 4) return r.pick(NASTY_JSON_STRINGS);
  if (roll < 7) return r.pick(NASTY_JSON_VALUES);
  if (roll === 7 && depth < 3)
    return `{${Array.from({ length: r.int(4) }, () => `${r.pick(NASTY_JSON_STRINGS)}:${randomJsonValue(r, depth + 1)}`).join(',')}}`;
  if (roll === 8 && depth < 3)
    return `[${Array.from({ length: r.int(4) }, () => randomJsonValue(r, depth + 1)).join(',')}]`;
  return nestedJson(r.pick([10, 63, 65, 200, 5000]));
}

/** JSON source of `value` with some fields replaced by random values (or removed, or added). */
export function mutateJson(r: Random, value: Record<string, unknown>): string {
  const entries = Object.entries(value).map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)] as [string, string]);
  const mutations = 1 + r.int(3);
  for (let i = 0; i < mutations; i++) {
    const action = r.int(4);
    if (action === 0 && entries.length) entries.splice(r.int(entries.length), 1);
    else if (action === 1) entries.push([r.pick(NASTY_JSON_STRINGS), randomJsonValue(r)]);
    else if (entries.length) entries[r.int(entries.length)]![1] = randomJsonValue(r);
  }
  return `{${entries.map(([k, v]) => `${k}:${v}`).join(',')}}`;
}

/** Bodies that are not JSON objects at all, with the content type they claim. */
export function randomRawBody(r: Random): { body: string | Buffer; contentType?: string } {
  return r.pick<() => { body: string | Buffer; contentType?: string }>([
    () => ({ body: '', contentType: 'application/json' }),
    () => ({ body: '{', contentType: 'application/json' }),
    () => ({ body: '{"a":1}}', contentType: 'application/json' }),
    () => ({
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0xbd, 0x22, 0x7d]),
      contentType: 'application/json',
    }),
    () => ({ body: Buffer.from([0x22, 0x61, 0x00, 0x62, 0x22]), contentType: 'application/json' }),
    () => ({ body: randomJsonValue(r), contentType: 'application/json' }),
    () => ({ body: nestedJson(r.pick([64, 65, 10_000, 100_000])), contentType: 'application/json' }),
    () => ({
      body: `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
      contentType: 'application/json; charset=utf-8',
    }),
    () => ({ body: 'texto \u0000 solto', contentType: 'text/plain' }),
    () => ({ body: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' }),
    () => ({
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
    }),
    () => ({ body: '{"a":1}', contentType: 'application/xml' }),
    () => ({ body: '{"a":1}' }),
  ])();
}

/** Path parameters: a real id, a random uuid, or something hostile. */
export function randomParam(r: Random, realIds: readonly string[]): string {
  if (realIds.length && r.chance(0.3)) return r.pick(realIds);
  return r.pick([
    randomUUID(),
    '%00',
    '%ff',
    '%E0%A4%A',
    'a%ED%A0%BDb',
    '..%2f..%2fetc',
    'x'.repeat(3000),
    '%F0%9F%98%80',
    '0',
    '-1',
    'null',
    "1'%20OR%201=1",
    '%20',
    'ABC',
    randomUUID().toUpperCase(),
  ]);
}

/** Query strings, cursors included (base64url of impossible dates and junk). */
export function randomQuery(r: Random): string {
  const cursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const uuid = randomUUID();
  return r.pick([
    '',
    '',
    `?cursor=${cursor(`2024-02-30T10:00:00.000000Z|${uuid}`)}`,
    `?cursor=${cursor(`9999-12-31T23:59:59.999999Z|${uuid}`)}`,
    `?cursor=${cursor(`0001-01-01T00:00:00.000000Z|${uuid}`)}`,
    `?cursor=${cursor(`2024-01-01T00:00:60.000000Z|${uuid}`)}`,
    `?cursor=${cursor('\u0000|\ud83d')}`,
    '?cursor=%00',
    '?cursor=%ff%fe',
    '?cursor=!!!!',
    `?cursor=${'A'.repeat(4000)}`,
    '?cursor=a&cursor=b',
    '?limit=-1&limit=1e309',
    '?q=%00&x=%ud83d',
    '?__proto__[x]=1',
  ]);
}

/** A messages.upsert `data` with some of its fields made hostile. */
export function randomUpsertData(r: Random, id: string): string {
  const remoteJid = r.pick([
    '5511988887777@s.whatsapp.net',
    '120363025246125888@g.us',
    '123456789012345@lid',
    'status@broadcast',
    '',
    '\\u0000@s.whatsapp.net',
    'x',
  ]);
  const fields: Record<string, string> = {
    key: `{"remoteJid":"${remoteJid}","fromMe":${r.pick(['false', 'true', '"sim"', 'null'])},"id":"${id}"}`,
    pushName: r.pick(['"Carla"', '"Ana \\ud83d"', '"\\u0000"', 'null', '123', `"${'n'.repeat(2000)}"`]),
    message: r.pick([
      '{"conversation":"Oi\\u0000 tudo bem?"}',
      '{"conversation":"Quanto custa? \\ud83d"}',
      '{"extendedTextMessage":{"text":"\\udc00 oi","contextInfo":{"quotedMessage":{"conversation":"x"}}}}',
      '{"imageMessage":{"mimetype":"image/png","caption":"\\u0000"},"base64":"@@not-base64@@"}',
      '{"reactionMessage":{"key":{"id":"X"},"text":"👍"}}',
      '{"protocolMessage":{"type":0,"key":{"id":"X"}}}',
      '{"locationMessage":{"degreesLatitude":"norte","degreesLongitude":1e309}}',
      '{"contactMessage":{"displayName":null,"vcard":"\\u0000"}}',
      '{}',
      'null',
      '"texto"',
      randomJsonValue(r),
    ]),
    messageType: r.pick(['"conversation"', '"imageMessage"', '"desconhecido"', 'null', '7']),
    messageTimestamp: r.pick([
      '1730000000',
      `${Math.floor(Date.now() / 1000)}`,
      '-1',
      '0',
      '1e20',
      '"ontem"',
      'null',
      '{"low":1,"high":0}',
      '253402300800',
    ]),
  };
  if (r.chance(0.3)) fields[r.pick(Object.keys(fields))] = randomJsonValue(r);
  return `{${Object.entries(fields)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;
}
