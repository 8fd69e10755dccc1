import { createHash, randomBytes } from 'node:crypto';
import type { BuiltContent } from './message-content.ts';
import type { Json } from './simulator-context.ts';
import { badRequest } from './sim-error.ts';

const MEDIA_TYPES = ['image', 'video', 'document', 'audio'] as const;
const DEFAULT_MIMETYPE: Record<(typeof MEDIA_TYPES)[number], string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  document: 'application/octet-stream',
  audio: 'audio/mpeg',
};
/** The most bytes the simulator downloads for a media given as a URL. */
const URL_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
const URL_TIMEOUT_MS = 15_000;

/**
 * POST /message/sendMedia's JSON body as Evolution 2.3.7 reads it (docs/evolution-api-contract.md): `mediatype`
 * image|video|document|audio, `media` as raw base64 (a data: URI is accepted) or an http(s) URL, optional
 * `mimetype`, `caption`, `fileName`; a base64 document without `fileName` is a 400. Gives the WAProto
 * content the business's message carries, with the bytes kept so the page can show them.
 */
export async function sentMediaContent(body: Json, mediaUrlBase: string): Promise<BuiltContent> {
  const kind = MEDIA_TYPES.find((t) => t === body.mediatype);
  if (!kind) throw badRequest(`mediatype must be one of ${MEDIA_TYPES.join(', ')}`);
  if (typeof body.media !== 'string' || !body.media.trim()) throw badRequest('Owned media must be a url or base64');
  const isUrl = /^https?:\/\//i.test(body.media);
  const fileName = typeof body.fileName === 'string' && body.fileName.trim() ? body.fileName.trim() : null;
  if (kind === 'document' && !isUrl && !fileName) throw badRequest('For base64 the file name must be informed.');
  const bytes = isUrl ? await download(body.media) : Buffer.from(stripDataUri(body.media), 'base64');
  if (bytes.length === 0) throw badRequest('Owned media must be a url or base64');
  const mimetype = typeof body.mimetype === 'string' && body.mimetype ? body.mimetype : DEFAULT_MIMETYPE[kind];
  const caption = typeof body.caption === 'string' && body.caption ? body.caption : null;
  const path = `/v/t62.7118-24/${randomBytes(12).toString('hex')}.enc`;
  const media: Json = {
    url: `${mediaUrlBase}${path}`,
    directPath: path,
    fileSha256: createHash('sha256').update(bytes).digest('base64'),
    fileLength: bytes.length,
    mediaKeyTimestamp: Math.floor(Date.now() / 1000),
    mimetype,
    ...(caption && kind !== 'audio' ? { caption } : {}),
    ...(kind === 'document' ? { fileName: fileName ?? 'arquivo', title: fileName ?? 'arquivo' } : {}),
  };
  const messageType = `${kind}Message`;
  return { messageType, content: { [messageType]: media }, mediaBase64: bytes.toString('base64') };
}

function stripDataUri(value: string): string {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  return comma >= 0 ? value.slice(comma + 1) : value;
}

async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(URL_TIMEOUT_MS) });
  } catch {
    throw badRequest(`Could not download the media from ${url}`);
  }
  if (!response.ok) throw badRequest(`Could not download the media from ${url} (${response.status})`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > URL_MEDIA_MAX_BYTES) throw badRequest('The media is too large');
  return data;
}
