import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createOpenAiLlm } from './openai-llm.ts';

/** POST /v1/embeddings on a loopback server: answers the vectors out of order, or 500 for input 'falha'. */
let server: http.Server;
let baseURL: string;
const requests: { model: string; input: string[]; auth: string | undefined }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      requests.push({ ...parsed, auth: req.headers.authorization });
      if (req.url !== '/v1/embeddings' || parsed.input.includes('falha')) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"falhou"}}');
        return;
      }
      const data = parsed.input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, index] }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', model: parsed.model, data: data.reverse() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const llm = (embeddingsModel?: string) =>
  createOpenAiLlm({ baseURL, apiKey: 'chave', model: 'chat', embeddingsModel, timeoutMs: 5000, maxRetries: 0 });

describe('OpenAI-compatible embeddings', () => {
  it('are present only with a model, send the model, the texts and the key, and answer in the texts’ order', async () => {
    expect(llm().embeddings).toBeUndefined();
    const embeddings = llm('text-embedding-3-small').embeddings!;
    expect(embeddings.model).toBe('text-embedding-3-small');
    expect(await embeddings.embed(['um', 'três'])).toEqual([
      [2, 0],
      [4, 1],
    ]);
    expect(requests.at(-1)).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['um', 'três'],
      auth: 'Bearer chave',
    });
    expect(await embeddings.embed([])).toEqual([]);
  });

  it('a failing endpoint is an UPSTREAM error', async () => {
    await expect(llm('m').embeddings!.embed(['falha'])).rejects.toBeInstanceOf(AppError);
  });
});
