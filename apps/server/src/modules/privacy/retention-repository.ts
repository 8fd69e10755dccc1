import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

// The retention jobs (retention-jobs.ts) and the contact erasure: what they read and clear in messages,
// catalogue photos and stored webhooks. The loops, the files and the rules stay in media-retention.ts,
// media-references.ts and webhook-retention.ts.

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Of one owner's storage `keys` (and their `/api/media/` URLs, `urls`), the references something still
 * holds: a catalogue item's photo key, or a message's media or thumbnail URL outside `exceptMessageIds`.
 * Read through the owner's indexes.
 */
export async function selectMediaReferences(
  db: Db,
  o: { owner: string; keys: string[]; urls: string[]; exceptMessageIds: string[] },
): Promise<string[]> {
  const except = o.exceptMessageIds.length ? sql`and not (id in (${list(o.exceptMessageIds)}))` : sql``;
  const urls = list(o.urls);
  const rows = resultRows<{ ref: string }>(
    await db.execute(sql`
      select photo_key as ref from catalogue_items where user_id = ${o.owner} and photo_key in (${list(o.keys)})
      union
      select media_url from messages where user_id = ${o.owner} and media_url in (${urls}) ${except}
      union
      select thumbnail_url from messages where user_id = ${o.owner} and thumbnail_url in (${urls}) ${except}`),
  );
  return rows.map((r) => r.ref);
}

export interface ExpiredMediaRow {
  id: string;
  media_url: string | null;
  thumbnail_url: string | null;
}

/** Up to `limit` messages older than `cutoff` that still link a media file or a thumbnail, oldest first. */
export async function selectExpiredMedia(db: Db, cutoff: Date, limit: number): Promise<ExpiredMediaRow[]> {
  return resultRows<ExpiredMediaRow>(
    await db.execute(sql`
      select id, media_url, thumbnail_url from messages
      where created_at < ${cutoff.toISOString()}::timestamptz and (media_url is not null or thumbnail_url is not null)
      order by created_at limit ${limit}`),
  );
}

/** Clears the media and thumbnail links of these messages (the rows stay: 'mídia indisponível'). */
export async function clearMediaLinks(db: Db, messageIds: string[]): Promise<void> {
  await db.execute(sql`
    update messages set media_url = null, thumbnail_url = null
    where id in (${sql.join(
      messageIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/** Drops `data.message.base64` from up to `limit` processed webhook bodies; the ids it changed. */
export async function stripWebhookMediaBatch(db: Db, limit: number): Promise<{ id: string }[]> {
  return resultRows<{ id: string }>(
    await db.execute(sql`
      with batch as (
        select id from gateway_events
        where (payload -> 'data' -> 'message' ->> 'base64') is not null and processed_at is not null
        limit ${limit}
        for update skip locked
      )
      update gateway_events g set payload = g.payload #- '{data,message,base64}'
      from batch where g.id = batch.id
      returning g.id`),
  );
}

/** Deletes up to `limit` processed webhooks received before `cutoff` (an ISO time), oldest first; their ids. */
export async function deleteOldWebhookBatch(db: Db, cutoff: string, limit: number): Promise<{ id: string }[]> {
  return resultRows<{ id: string }>(
    await db.execute(sql`
      delete from gateway_events where id in (
        select id from gateway_events
        where processed_at is not null and received_at < ${cutoff}::timestamptz
        order by received_at
        limit ${limit}
        for update skip locked)
      returning id`),
  );
}
