import { Agent, request } from 'undici';

/**
 * Outgoing HTTP for the hot path (the gateway's sendText, the AI's chat completions): undici's
 * `request` on a keep-alive pool. The global `fetch` costs about three times the CPU per call, and an
 * `AbortSignal.timeout` per call about as much again (docs/performance.md), which at hundreds of
 * replies per second is most of a core.
 */
export function createHttpAgent(): Agent {
  return new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
}

/**
 * The most of an AI provider's answer read (docs/decisions/021-spend-and-abuse-limits.md, "Bounded work"):
 * a chat completion or a transcript is a few KB; a broken or hostile endpoint streaming without end is
 * cut here instead of being buffered.
 */
export const AI_RESPONSE_MAX_BYTES = 4 * 1024 * 1024;

/** An upstream answer longer than the cap we read it with: refused, the connection dropped. */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upstream response larger than ${maxBytes} bytes`);
  }
}

/**
 * Reads a response body (undici's, or a web stream) whole, at most `maxBytes`: a declared
 * content-length over it is refused before a byte is read, and a body that grows past it is
 * cancelled there (the rest is never read).
 */
export async function readBodyCapped(
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
  contentLength?: string | string[] | number | null,
  cancel?: () => unknown,
): Promise<Buffer> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await Promise.resolve(cancel?.()).catch(() => {});
    throw new ResponseTooLargeError(maxBytes);
  }
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      await Promise.resolve(cancel?.()).catch(() => {});
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A `fetch` for SDKs that take one (the OpenAI SDK), over undici's `request`: method, headers, a
 * string or binary body and the abort signal are honoured; the answer is read whole (no streaming:
 * the app never streams completions), at most `maxBodyBytes`, and handed back as a standard Response.
 */
export function requestFetch(agent: Agent, maxBodyBytes = AI_RESPONSE_MAX_BYTES): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: headersObject(init.headers),
      body: (init.body ?? undefined) as string | Buffer | Uint8Array | undefined,
      signal: init.signal ?? undefined,
      dispatcher: agent,
    });
    const body = await readBodyCapped(res.body, maxBodyBytes, res.headers['content-length'], () => res.body.destroy());
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || (res.statusCode >= 100 && res.statusCode < 200);
    return new Response(empty ? null : body, { status: res.statusCode, headers });
  }) as typeof fetch;
}

function headersObject(headers: RequestInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return headers as Record<string, string>;
}
