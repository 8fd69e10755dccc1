/**
 * docs/decisions/010-input-hardening.md: API keys, tokens and secrets never reach a log line — the app's real logger
 * (buildApp's configuration) is captured line by line, including the AI provider's own error text.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { createOpenAiLlm } from '../src/integrations/llm/openai-llm.ts';
import { configuredSecrets, createLogScrubber, REDACTED } from '../src/lib/log-redaction.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const AI_KEY = 'sk-proj-Zx81kLmN0pQrStUvWxYz123456';
const AUTH_SECRET = 'um-segredo-de-sessao-bem-comprido-0123456789';
const WEBHOOK_SECRET = 'f'.repeat(64);

let app: FastifyInstance;
let database: TestDatabase;
let provider: http.Server;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  // An OpenAI-compatible provider that refuses the key, echoing it as OpenAI does.
  provider = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${AI_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-log-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    AUTH_SECRET,
    AI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    AI_API_KEY: AI_KEY,
    AI_MAX_RETRIES: '0',
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  database = await createTestDatabase();
  app = await buildApp({ env, database, logger: { level: 'debug', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await new Promise<void>((r) => provider.close(() => r()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const logged = () => lines.join('');

describe('log lines', () => {
  it("the AI provider's 'Incorrect API key provided: sk-…' is logged without the key", async () => {
    const llm = createOpenAiLlm({
      baseURL: app.deps.env.AI_BASE_URL!,
      apiKey: AI_KEY,
      model: 'x',
      timeoutMs: 5_000,
      maxRetries: 0,
      log: app.log,
    });
    await expect(llm.complete({ messages: [{ role: 'user', content: 'oi' }] })).rejects.toThrow();
    const line = lines.find((l) => l.includes('AI provider failed'));
    expect(line).toBeDefined();
    expect(line).toContain('Incorrect API key provided: ');
    expect(line).toContain(REDACTED);
    expect(line).not.toContain(AI_KEY);
    expect(line).not.toContain('Zx81kLmN0pQr');
  });

  it('errors, messages and fields holding keys, tokens and secrets are scrubbed', () => {
    const err = new Error(`falhou com Bearer abc.def-ghi e a chave ${AI_KEY}`);
    app.log.error(
      {
        err,
        headers: { authorization: 'Bearer zzz-token', cookie: 'vendai.session_token=abc.def' },
        webhookHeaders: { 'x-vendai-webhook-secret': WEBHOOK_SECRET },
      },
      `segredo ${AUTH_SECRET}`,
    );
    app.log.warn(
      {
        url: 'postgres://app:senha-do-banco@db:5432/vendai',
        apikey: 'chave-da-instancia-123',
        password: 'senha-forte-123',
      },
      'conexão',
    );
    const text = logged();
    for (const secret of [
      AI_KEY,
      'abc.def-ghi',
      'zzz-token',
      'session_token=abc',
      WEBHOOK_SECRET,
      AUTH_SECRET,
      'senha-do-banco',
      'chave-da-instancia-123',
      'senha-forte-123',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain(REDACTED);
    // What is not secret stays readable.
    expect(text).toContain('falhou com Bearer');
    expect(text).toContain('postgres://app:');
  });

  it('a request with credentials in its headers is logged without them', async () => {
    await app.inject({
      method: 'POST',
      url: '/webhooks/gateway/desconhecida',
      headers: {
        'x-vendai-webhook-secret': WEBHOOK_SECRET,
        authorization: 'Bearer tok-123456789',
        cookie: 'vendai.session_token=sess-987654321',
      },
      payload: { event: 'x', instance: 'desconhecida', data: {} },
    });
    await app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { authorization: 'Bearer tok-123456789', cookie: 'vendai.session_token=sess-987654321' },
    });
    const text = logged();
    expect(text).toContain('/api/account/me');
    for (const secret of [WEBHOOK_SECRET, 'tok-123456789', 'sess-987654321'])
      expect(text, secret).not.toContain(secret);
  });
});

describe('createLogScrubber', () => {
  const scrub = createLogScrubber(['configured-secret-value', 'short']);
  it.each([
    ['{"msg":"Incorrect API key provided: sk-abc123def456ghi"}', 'sk-abc123def456ghi'],
    ['{"msg":"key sk-proj-abc_DEF-123456**********wxyz"}', 'abc_DEF-123456'],
    ['{"msg":"Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig"}', 'eyJhbGciOi'],
    ['{"msg":"x configured-secret-value y"}', 'configured-secret-value'],
    ['{"data":{"nested":{"accessToken":"t0k3n"}}}', 't0k3n'],
    ['{"msg":"smtp://user:p4ss@mail.example:587"}', 'p4ss'],
  ])('%s', (line, secret) => {
    const out = scrub(line);
    expect(out).not.toContain(secret);
    expect(() => JSON.parse(out)).not.toThrow();
  });
  it('keeps ordinary text, and short configured values are not treated as secrets', () => {
    const line = '{"msg":"task-list short risk-free","eventKey":"3A0123:DELIVERY_ACK"}';
    expect(scrub(line)).toBe(line);
  });
});

describe('every configured key and secret, the media ones included', () => {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'vendai-log-test-unused'),
    AUTH_SECRET,
    AI_BASE_URL: 'https://api.exemplo.com/v1',
    AI_API_KEY: 'chave-principal-da-ia-0001',
    MEDIA_TRANSCRIPTION_BASE_URL: 'https://voz.exemplo.com/v1',
    MEDIA_TRANSCRIPTION_API_KEY: 'chave-da-transcricao-0002',
    MEDIA_VISION_BASE_URL: 'https://visao.exemplo.com/v1',
    MEDIA_VISION_API_KEY: 'chave-da-visao-0003',
    S3_ACCESS_KEY_ID: 'id-de-acesso-s3-0004',
    S3_SECRET_ACCESS_KEY: 'segredo-de-acesso-s3-0005',
    SMTP_URL: 'smtp://envio:senha%40smtp-0006@mail.exemplo.com:587',
    EVOLUTION_API_URL: 'https://evo.exemplo.com',
    EVOLUTION_API_KEY: 'chave-global-evolution-0007',
  });
  const values = [
    'chave-principal-da-ia-0001',
    'chave-da-transcricao-0002',
    'chave-da-visao-0003',
    'id-de-acesso-s3-0004',
    'segredo-de-acesso-s3-0005',
    'senha@smtp-0006',
    'chave-global-evolution-0007',
    AUTH_SECRET,
  ];

  it('configuredSecrets lists each *_KEY, *_KEY_ID and *_SECRET value and the SMTP password', () => {
    const known = configuredSecrets(env);
    for (const value of values) expect(known, value).toContain(value);
  });

  it('a line carrying any of them, as text or under its variable name, is scrubbed', () => {
    const scrub = createLogScrubber(configuredSecrets(env));
    const line = JSON.stringify({
      msg: `falhou: ${values.join(' | ')}`,
      config: { MEDIA_VISION_API_KEY: 'outra-chave-visao', S3_ACCESS_KEY_ID: 'outro-id-s3', accessKey: 'x-1' },
    });
    const out = scrub(line);
    for (const value of [...values, 'outra-chave-visao', 'outro-id-s3', 'x-1']) expect(out, value).not.toContain(value);
    expect(() => JSON.parse(out)).not.toThrow();
  });

  it.each([
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
    ['a Groq key', 'gsk_abcdefghijklmnopqrstuvwx', 'abcdefghijklmnopqrstuvwx'],
    [
      'a JSON web token',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0',
    ],
    ['a reset code in a request path', '/api/account/password-reset/codigo-de-reset-123', 'codigo-de-reset-123'],
    [
      'a reset token in the auth API path',
      '/api/auth/reset-password/token-de-reset-456?callbackURL=/x',
      'token-de-reset-456',
    ],
  ])('%s is scrubbed wherever it appears', (_name, value, secret) => {
    const out = createLogScrubber([])(JSON.stringify({ msg: `valor ${value} fim` }));
    expect(out).not.toContain(secret);
  });

  it('in production, codes and tokens in query strings too; outside production the reset link stays readable', () => {
    const line = JSON.stringify({ msg: 'link http://localhost:3000/reset-password?code=abc123def456&x=1' });
    expect(createLogScrubber([], { production: true })(line)).not.toContain('abc123def456');
    expect(createLogScrubber([])(line)).toContain('reset-password?code=abc123def456');
  });
});
