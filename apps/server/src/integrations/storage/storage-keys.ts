import { randomUUID } from 'node:crypto';

/** Keys are `<accountId>/<uuid>[.<ext>]`: the first segment is the owner. */
const KEY_PATTERN = /^([A-Za-z0-9_-]{1,128})\/([0-9a-f-]{36})(\.[a-z0-9]{1,10})?$/;
const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The URL a stored object is served from (GET /api/media/<key>, owner only). */
export const mediaUrl = (key: string) => `/api/media/${key}`;

export function newKey(accountId: string, meta: { mimetype: string; filename?: string | null }): string {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) throw new Error(`storage: unexpected user id ${JSON.stringify(accountId)}`);
  const ext = extensionFor(meta);
  return `${accountId}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}

/** The owner of a well-formed key, or null (malformed keys are never read: no path tricks). */
export function ownerOfKey(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  return match ? match[1]! : null;
}

export const isValidKey = (key: string) => KEY_PATTERN.test(key);
export const isValidOwner = (accountId: string) => ACCOUNT_ID_PATTERN.test(accountId);

const BY_MIMETYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

function extensionFor({ mimetype, filename }: { mimetype: string; filename?: string | null }): string | null {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  if (BY_MIMETYPE[base]) return BY_MIMETYPE[base]!;
  const fromName = filename?.split('.').pop()?.toLowerCase();
  if (fromName && fromName !== filename?.toLowerCase() && /^[a-z0-9]{1,10}$/.test(fromName)) return fromName;
  return null;
}

/** The storage key inside a stored media URL (`/api/media/<key>`), or null for anything else (data: URLs, links). */
export function keyOfMediaUrl(url: string | null | undefined): string | null {
  const key = url?.startsWith('/api/media/') ? url.slice('/api/media/'.length) : null;
  return key && isValidKey(key) ? key : null;
}
