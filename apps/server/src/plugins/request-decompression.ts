import { pipeline, Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * A route's opt-in to compressed request bodies (`config: { requestDecompression: {...} }`): the most
 * bytes the body may inflate to, and the most it may grow over the bytes received
 * (docs/decisions/049-request-cost-before-auth.md). Without it a route takes no compressed body.
 */
export interface RequestDecompressionLimits {
  /** Inflated bytes at most (the route's bodyLimit still applies on top). */
  maxInflatedBytes: number;
  /** Inflated bytes per received byte at most, once past RATIO_FLOOR_BYTES. */
  maxRatio: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    requestDecompression?: RequestDecompressionLimits;
  }
}

/** Below this many inflated bytes the ratio is not judged (a short JSON compresses well by nature). */
export const RATIO_FLOOR_BYTES = 64 * 1024;

export const COMPRESSED_BODY_MESSAGE =
  'Envie o conteúdo sem compressão: este endereço não aceita corpo compactado (Content-Encoding).';

const DECOMPRESSORS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The body's content coding, lower-cased; null for none (or `identity`). */
function contentEncoding(req: FastifyRequest): string | null {
  const value = req.headers['content-encoding']?.trim().toLowerCase();
  return !value || value === 'identity' ? null : value;
}

/**
 * Request bodies are never inflated unless the route opts in. @fastify/compress would inflate every
 * route's body by default (before the route's own checks ran, bounded only by the body limit counted
 * on the inflated stream): here every route gets `decompress: false` from it, and a compressed body
 * sent to a route that did not opt in is refused (400) in preParsing — after every `onRequest` check
 * (the session, a webhook's secret), and before a byte of it is read. Register before @fastify/compress,
 * so this `onRoute` runs first.
 */
export function registerRequestDecompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.decompress = false;
  });
  app.addHook('preParsing', async (req, _reply, payload) => {
    const encoding = contentEncoding(req);
    if (encoding === null) return payload;
    const limits = req.routeOptions.config.requestDecompression;
    const decompressor = DECOMPRESSORS[encoding];
    if (!limits || !decompressor) throw new AppError('VALIDATION', COMPRESSED_BODY_MESSAGE);
    return inflateWithin(payload, decompressor(), limits);
  });
}

/**
 * The inflated body as a stream that fails (413) as soon as it passes `maxInflatedBytes` or grows more
 * than `maxRatio` times the bytes received: zlib inflates chunk by chunk under backpressure, so no more
 * than a chunk past the limit is ever held. `receivedEncodedLength` tells Fastify the received size for
 * its Content-Length check.
 */
function inflateWithin(
  payload: Readable,
  decompressor: Transform,
  { maxInflatedBytes, maxRatio }: RequestDecompressionLimits,
): Readable {
  let inflated = 0;
  const limited = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        inflated += chunk.length;
        const received = limited.receivedEncodedLength;
        if (inflated > maxInflatedBytes || (inflated > RATIO_FLOOR_BYTES && inflated > maxRatio * received)) {
          // Answered like any body past its limit (error-handler.ts: 413, 'grande demais').
          done(Object.assign(new Error('request body inflates past its limit'), { statusCode: 413 }));
          return;
        }
        done(null, chunk);
      },
    }),
    { receivedEncodedLength: 0 },
  );
  payload.on('data', (chunk: Buffer) => (limited.receivedEncodedLength += chunk.length));
  // A broken stream reaches Fastify as an error on `limited` (a client error, 400); pipeline destroys
  // the other streams either way.
  pipeline(payload, decompressor, limited, () => {});
  return limited;
}
