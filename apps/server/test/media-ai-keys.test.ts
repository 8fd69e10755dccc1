/**
 * Each media endpoint gets its own key when it has its own base URL: the main AI key never leaves for
 * another host (docs/decisions/020-production-mode.md). Two OpenAI-compatible fakes on different
 * ports (different origins) record the Authorization header of every call.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { createMediaAi } from '../src/integrations/media-ai/create-media-ai.ts';

interface Fake {
  url: string;
  seen: (string | null)[];
  server: http.Server;
}

async function startFake(): Promise<Fake> {
  const fake: Fake = { url: '', seen: [], server: http.createServer() };
  fake.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      fake.seen.push(req.headers.authorization ?? null);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        req.url?.endsWith('/audio/transcriptions')
          ? JSON.stringify({ text: 'olá' })
          : JSON.stringify({ choices: [{ message: { content: 'uma foto' } }] }),
      );
    });
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  return fake;
}

const AI_KEY = 'chave-principal-da-ia-123456';
const audio = { data: Buffer.from('OggS'), mimetype: 'audio/ogg', filename: null };
const image = { data: Buffer.from([0xff, 0xd8, 0xff]), mimetype: 'image/jpeg', filename: null };
let main: Fake;
let other: Fake;

beforeAll(async () => {
  [main, other] = await Promise.all([startFake(), startFake()]);
});
afterAll(async () => {
  for (const f of [main, other]) await new Promise<void>((r) => f.server.close(() => r()));
});

function mediaAi(env: Record<string, string>) {
  return createMediaAi(
    loadEnv({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40), AI_BASE_URL: main.url, AI_API_KEY: AI_KEY, ...env }),
  );
}

describe('media endpoint keys', () => {
  it('on the AI endpoint (no base URL of their own): the AI key', async () => {
    const ai = mediaAi({});
    await ai.transcribe!(audio);
    await ai.describeImage!(image, null);
    expect(main.seen.splice(0)).toEqual([`Bearer ${AI_KEY}`, `Bearer ${AI_KEY}`]);
  });

  it('on another host without a key of their own: no key at all, never the AI key', async () => {
    const ai = mediaAi({ MEDIA_TRANSCRIPTION_BASE_URL: other.url, MEDIA_VISION_BASE_URL: other.url });
    await ai.transcribe!(audio);
    await ai.describeImage!(image, null);
    expect(other.seen.splice(0)).toEqual([null, null]);
    expect(main.seen).toEqual([]);
  });

  it('on another host with their own keys: each its own', async () => {
    const ai = mediaAi({
      MEDIA_TRANSCRIPTION_BASE_URL: other.url,
      MEDIA_TRANSCRIPTION_API_KEY: 'chave-da-transcricao',
      MEDIA_VISION_BASE_URL: other.url,
      MEDIA_VISION_API_KEY: 'chave-da-visao',
    });
    await ai.transcribe!(audio);
    await ai.describeImage!(image, null);
    expect(other.seen.splice(0)).toEqual(['Bearer chave-da-transcricao', 'Bearer chave-da-visao']);
  });

  it('a base URL of their own on the AI host itself may use the AI key', async () => {
    const ai = mediaAi({ MEDIA_TRANSCRIPTION_BASE_URL: `${main.url}/` });
    await ai.transcribe!(audio);
    expect(main.seen.splice(0)).toEqual([`Bearer ${AI_KEY}`]);
  });
});
