import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../../integrations/storage/storage.ts';

/** Types a browser can show inline without running anything (no HTML, SVG, XML, scripts). */
const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/;

/** Sends a stored file with safe headers, honouring a single byte Range (audio/video seeking). */
export function sendMedia(req: FastifyRequest, reply: FastifyReply, stored: StoredFile) {
  const mimetype = stored.mimetype.split(';')[0]!.trim().toLowerCase();
  const inline = INLINE_TYPES.test(mimetype);
  const disposition = inline ? 'inline' : 'attachment';
  const name = stored.filename ?? '';
  reply
    .header('content-type', inline ? stored.mimetype : 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes')
    .header(
      'content-disposition',
      name
        ? `${disposition}; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`
        : disposition,
    );

  const size = stored.data.length;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    let start: number;
    let end: number;
    if (range[1]) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(range[2]));
      end = size - 1;
    }
    if (start >= size || start > end) {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .send(stored.data.subarray(start, end + 1));
  }
  return reply.send(stored.data);
}

function asciiName(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'arquivo'
  );
}
