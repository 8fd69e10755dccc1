import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { getAccountTimeZone } from '../../../domain/account/account-time-zone.ts';
import {
  GoogleAccessRevoked,
  type GoogleCalendarClient,
} from '../../../integrations/google-calendar/google-calendar.ts';
import { openSecret } from '../../../lib/secret-box.ts';
import { selectBooking } from '../bookings-repository.ts';
import { addBlock, removeBlock } from '../calendar-service.ts';
import {
  deleteBusy,
  type GoogleLinkRow,
  insertBusy,
  markSynced,
  selectBusy,
  selectLink,
} from './google-links-repository.ts';

/**
 * Two-way sync with Google Calendar, per professional (docs/decisions/070-agenda-in-the-chat.md):
 * VendAI's bookings are written to the linked calendar (one event per booking, its id derived from the
 * booking's, so a repeat updates instead of copying), and the calendar's own busy times become the
 * agenda's blocks, so free slots skip them.
 */

export interface GoogleSyncDeps {
  db: Db;
  log: FastifyBaseLogger;
  client: GoogleCalendarClient;
  /** The key sealing the refresh tokens. */
  sealKey: Buffer;
  now: () => Date;
}

/** How far ahead Google's busy times are read. */
const PULL_DAYS = 90;
const OCCUPYING = new Set(['held', 'booked', 'confirmed', 'attended']);
export const GOOGLE_BLOCK_REASON = 'Google Agenda';

const accessRevoked = async (deps: GoogleSyncDeps, link: GoogleLinkRow, err: GoogleAccessRevoked) => {
  deps.log.warn({ professionalId: link.professionalId }, 'google agenda: acesso removido');
  await markSynced(deps.db, link.professionalId, { syncToken: link.syncToken, lastError: err.message });
};

/**
 * The booking as it is now, in its professional's linked calendar: written while it occupies the time,
 * removed once cancelled or a no-show. Safe to run any number of times (the job runner's retries). An
 * access removed at Google is recorded on the link (retrying cannot help); other failures throw (retried).
 */
export async function pushBooking(
  deps: GoogleSyncDeps,
  accountId: string,
  bookingId: string,
  fromProfessionalId?: string,
): Promise<void> {
  const booking = await selectBooking(deps.db, accountId, bookingId);
  if (!booking) return;
  if (fromProfessionalId && fromProfessionalId !== booking.professionalId)
    await removeFromCalendarOf(deps, accountId, fromProfessionalId, booking.id);
  const link = await selectLink(deps.db, accountId, booking.professionalId);
  if (!link) return;
  const token = openSecret(deps.sealKey, link.refreshTokenSealed);
  try {
    if (OCCUPYING.has(booking.status))
      await deps.client.putBooking(token, link.calendarId, {
        id: booking.id,
        summary: `${booking.serviceName} — ${booking.customerName || 'Cliente'}`,
        description: `Agendado pelo VendAI${booking.customerPhone ? ` · ${booking.customerPhone}` : ''}`,
        start: new Date(booking.startsAt),
        end: new Date(booking.endsAt),
        timeZone: await getAccountTimeZone(deps.db, accountId),
      });
    else await deps.client.deleteBooking(token, link.calendarId, booking.id);
  } catch (err) {
    if (err instanceof GoogleAccessRevoked) return accessRevoked(deps, link, err);
    throw err;
  }
}

/** A booking moved away from a professional: its event leaves that professional's linked calendar. */
async function removeFromCalendarOf(
  deps: GoogleSyncDeps,
  accountId: string,
  professionalId: string,
  bookingId: string,
) {
  const link = await selectLink(deps.db, accountId, professionalId);
  if (!link) return;
  try {
    await deps.client.deleteBooking(openSecret(deps.sealKey, link.refreshTokenSealed), link.calendarId, bookingId);
  } catch (err) {
    if (err instanceof GoogleAccessRevoked) return accessRevoked(deps, link, err);
    throw err;
  }
}

/**
 * Google's busy times into the agenda's blocks: the changes since the last sync (all of the next
 * PULL_DAYS the first time, or when Google says the sync token expired). VendAI's own events are skipped.
 */
export async function pullBusy(deps: GoogleSyncDeps, link: GoogleLinkRow): Promise<void> {
  const token = openSecret(deps.sealKey, link.refreshTokenSealed);
  const now = deps.now();
  let changes;
  try {
    changes = await deps.client.changes(token, link.calendarId, link.syncToken, {
      from: now,
      to: new Date(now.getTime() + PULL_DAYS * 86_400_000),
    });
  } catch (err) {
    if (err instanceof GoogleAccessRevoked) return accessRevoked(deps, link, err);
    throw err;
  }
  const known = new Map((await selectBusy(deps.db, link.professionalId)).map((b) => [b.googleEventId, b.blockId]));
  const drop = async (eventId: string, blockId: string) => {
    await removeBlock(deps.db, link.userId, blockId).catch(() => undefined);
    await deleteBusy(deps.db, link.professionalId, eventId);
  };
  const seen = new Set<string>();
  for (const e of changes.events) {
    if (e.vendai) continue;
    seen.add(e.id);
    const before = known.get(e.id);
    if (before) await drop(e.id, before);
    if (!e.busy || !e.start || !e.end || e.end <= e.start) continue;
    const block = await addBlock(deps.db, link.userId, {
      professionalId: link.professionalId,
      startsAt: e.start,
      endsAt: e.end,
      reason: GOOGLE_BLOCK_REASON,
    });
    const kept = await insertBusy(deps.db, {
      userId: link.userId,
      professionalId: link.professionalId,
      googleEventId: e.id,
      blockId: block.id,
    });
    // Another pass (the cron and a 'sincronizar agora' at once) recorded this event first: one block only.
    if (!kept) await removeBlock(deps.db, link.userId, block.id).catch(() => undefined);
  }
  // A full list is the whole truth: what it no longer has is gone.
  if (changes.full) for (const [eventId, blockId] of known) if (!seen.has(eventId)) await drop(eventId, blockId);
  await markSynced(deps.db, link.professionalId, { syncToken: changes.syncToken, lastError: null });
}

/** Removes a link and the blocks it brought. */
export async function unlink(deps: Pick<GoogleSyncDeps, 'db'>, link: GoogleLinkRow): Promise<void> {
  for (const b of await selectBusy(deps.db, link.professionalId))
    await removeBlock(deps.db, link.userId, b.blockId).catch(() => undefined);
}
