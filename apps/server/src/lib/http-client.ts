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
 * A `fetch` for SDKs that take one (the OpenAI SDK), over undici's `request`: method, headers, a
 * string or binary body and the abort signal are honoured; the answer is read whole (no streaming:
 * the app never streams completions) and handed back as a standard Response.
 */
export function requestFetch(agent: Agent): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: headersObject(init.headers),
      body: (init.body ?? undefined) as string | Buffer | Uint8Array | undefined,
      signal: init.signal ?? undefined,
      dispatcher: agent,
    });
    const body = await res.body.arrayBuffer();
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
