import type { Db } from '../../db/client.ts';
import { keyOfMediaUrl } from '../../integrations/storage/storage-keys.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { keysStillInUse } from './media-references.ts';
import { clearMediaLinks, selectExpiredMedia } from './retention-repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Messages handled per statement: files removed, then their rows updated. */
const BATCH = 200;

/**
 * Removes the media files of messages older than the retention period (MEDIA_RETENTION_DAYS) and clears
 * their links (a file something else still uses — a catalogue photo, a newer message — is kept); the message rows stay (type, caption, size), so the inbox shows 'mídia indisponível'.
 * Files first, then the rows: a crash in between leaves rows pointing at removed files, which the next
 * run clears (removing an absent file is a no-op). Safe to run twice and from two processes.
 */
export async function removeExpiredMedia(
  db: Db,
  storage: Storage,
  o: { now: Date; retentionDays: number },
): Promise<{ messages: number; files: number }> {
  const cutoff = new Date(o.now.getTime() - o.retentionDays * DAY_MS);
  let messages = 0;
  let files = 0;
  for (;;) {
    const rows = await selectExpiredMedia(db, cutoff, BATCH);
    if (!rows.length) break;
    const ids = rows.map((r) => r.id);
    const keys = rows.flatMap((r) => [keyOfMediaUrl(r.media_url), keyOfMediaUrl(r.thumbnail_url)]);
    const present = keys.filter((k): k is string => k !== null);
    // A catalogue photo sent in an answer, or a file a newer message still shows, stays.
    const inUse = await keysStillInUse(db, present, ids);
    for (const key of new Set(present)) {
      if (inUse.has(key)) continue;
      await storage.remove(key);
      files += 1;
    }
    await clearMediaLinks(db, ids);
    messages += rows.length;
    if (rows.length < BATCH) break;
  }
  return { messages, files };
}
