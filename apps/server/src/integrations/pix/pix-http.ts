import { readBodyCapped } from '../../lib/http-client.ts';
import { PixProviderError } from './pix-provider.ts';

/** A provider's answer is a few KB (a QR image about 10 KB); more is refused. */
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 15_000;

/**
 * One JSON call to a Pix provider: its answer parsed, or a PixProviderError with the provider's own
 * description when it has one. A cut connection or a timeout is a PixProviderError with no status
 * (the caller retries; creation is idempotent by reference).
 */
export async function pixJson<T>(
  url: string,
  o: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers: Record<string, string>;
    body?: unknown;
    /** The provider's own reason in an error body (each provider shapes it its own way). */
    describe: (data: never) => string | null;
  },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: o.method ?? 'GET',
      headers: { accept: 'application/json', ...(o.body ? { 'content-type': 'application/json' } : {}), ...o.headers },
      body: o.body ? JSON.stringify(o.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new PixProviderError('Não foi possível falar com o provedor Pix. Tente novamente.', null, err);
  }
  const raw = await readBodyCapped(
    res.body as AsyncIterable<Uint8Array> | null,
    MAX_BYTES,
    res.headers.get('content-length'),
  );
  let data: Record<string, unknown> | null;
  try {
    data = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : null;
  } catch {
    data = null;
  }
  if (res.status === 401 || res.status === 403)
    throw new PixProviderError(
      'O provedor Pix recusou a chave de API. Confira a chave e tente de novo.',
      res.status,
      data,
    );
  if (!res.ok) {
    const why = (data && o.describe(data as never)) || `erro ${res.status}`;
    throw new PixProviderError(`O provedor Pix recusou a cobrança: ${why}`, res.status, data);
  }
  return data as T;
}
