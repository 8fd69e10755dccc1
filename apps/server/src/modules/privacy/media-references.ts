import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { mediaUrl, ownerOfKey } from '../../integrations/storage/storage-keys.ts';

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The keys among `keys` that something else still uses: a catalogue item's photo (an AI answer sends the
 * catalogue's own file, not a copy) or a message outside `exceptMessageIds`. Those files must stay when
 * the messages in `exceptMessageIds` lose theirs. Read per owner (the key's first segment), through the
 * owner's indexes.
 */
export async function keysStillInUse(db: Db, keys: string[], exceptMessageIds: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  const byOwner = new Map<string, string[]>();
  for (const key of new Set(keys)) {
    const owner = ownerOfKey(key);
    if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
  }
  const except = exceptMessageIds.length ? sql`and not (id in (${list(exceptMessageIds)}))` : sql``;
  for (const [owner, ownerKeys] of byOwner) {
    const urls = list(ownerKeys.map(mediaUrl));
    const rows = resultRows<{ ref: string }>(
      await db.execute(sql`
        select photo_key as ref from catalogue_items where user_id = ${owner} and photo_key in (${list(ownerKeys)})
        union
        select media_url from messages where user_id = ${owner} and media_url in (${urls}) ${except}
        union
        select thumbnail_url from messages where user_id = ${owner} and thumbnail_url in (${urls}) ${except}`),
    );
    for (const { ref } of rows) used.add(ref.startsWith('/api/media/') ? ref.slice('/api/media/'.length) : ref);
  }
  return used;
}
