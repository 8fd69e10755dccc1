/**
 * Bounded work (docs/decisions/021-spend-and-abuse-limits.md): the answers of the gateway and of the AI
 * providers are read with a size cap, so a hostile or broken upstream cannot make the server buffer
 * without end. A fake upstream on 127.0.0.1 streams a body that never ends (no content-length) or
 * declares one over the cap; each client refuses it cleanly (its own error, quickly, connection dropped).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvolutionClient } from '../src/integrations/gateway/evolution-client.ts';
import { GatewayError } from '../src/integrations/gateway/gateway.ts';
import { createOpenAiLlm } from '../src/integrations/llm/openai-llm.ts';
import { createOpenAiMediaAi } from '../src/integrations/media-ai/openai-media-ai.ts';
import { MediaAiError } from '../src/integrations/media-ai/media-ai.ts';
import { AI_RESPONSE_MAX_BYTES, createHttpAgent, requestFetch, ResponseTooLargeError } from '../src/lib/http-client.ts';

let server: http.Server;
let baseUrl: string;
/** Bytes the fake wrote before the client hung up, per request. */
const written: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url!.includes('declared')) {
        // A declared length far over any cap: refused before the body is read.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024 * 1024) });
        res.write('{"x":"');
        return;
      }
      // Endless: 64 KB chunks until the client goes away (or 256 MB, a bound for the test itself).
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (!res.destroyed && sent < 256 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        written.push(sent);
        res.end();
      };
      res.on('close', () => written.push(sent));
      res.write('{"text":"');
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('upstream answers are read with a size cap', () => {
  it('the AI fetch (lib/http-client.ts) stops an endless body at its cap', async () => {
    const fetchCapped = requestFetch(createHttpAgent(), 256 * 1024);
    const started = Date.now();
    await expect(fetchCapped(`${baseUrl}/v1/chat/completions`, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    await expect(fetchCapped(`${baseUrl}/v1/declared`, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('the chat model client refuses an answer over AI_RESPONSE_MAX_BYTES (4 MB) as a failed call', async () => {
    const llm = createOpenAiLlm({ baseURL: `${baseUrl}/v1`, model: 'x', timeoutMs: 10_000, maxRetries: 0 });
    const before = written.length;
    await expect(llm.complete({ messages: [{ role: 'user', content: 'oi' }] })).rejects.toThrow();
    // The fake saw its connection dropped soon after the cap, far from its 256 MB.
    await expect.poll(() => written.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const sent = written.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(Math.max(...sent)).toBeLessThan(64 * 1024 * 1024);
    expect(AI_RESPONSE_MAX_BYTES).toBe(4 * 1024 * 1024);
  });

  it('the gateway client answers a GatewayError, never buffering the rest', async () => {
    const gateway = createEvolutionClient({ kind: 'evolution', baseUrl, apiKey: 'k', maxBodyBytes: 256 * 1024 });
    const sending = gateway.sendText('loja', { number: '5511999990000', text: 'oi' });
    await expect(sending).rejects.toBeInstanceOf(GatewayError);
    await expect(sending).rejects.toThrow(/resposta maior que/);
    await expect(gateway.connectionState('declared')).rejects.toThrow(/resposta maior que/);
  });

  it('transcription refuses an answer over the cap (not retried)', async () => {
    const mediaAi = createOpenAiMediaAi({
      transcription: { baseURL: `${baseUrl}/v1`, model: 'x', timeoutMs: 10_000 },
      vision: null,
    });
    const error = await mediaAi.transcribe!({ data: Buffer.from('OggS'), mimetype: 'audio/ogg', filename: null }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(MediaAiError);
    expect((error as MediaAiError).retryable).toBe(false);
  });
});
