import { randomBytes } from 'node:crypto';
import { AGENDA_MESSAGES } from '@vendai/contracts';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { notFound } from '../../lib/app-error.ts';
import { selectFeedBookings, selectProfessionalByToken, updateIcalToken } from './feed-repository.ts';

const DAY = 86_400_000;

/**
 * A professional's private iCalendar feed (RFC 5545, ical-generator; docs/decisions/069-agenda.md): any
 * calendar app subscribes to its URL, whose secret is the only key. A new URL revokes the old one.
 */
export async function createFeedUrl(
  db: Db,
  accountId: string,
  professionalId: string,
  appUrl: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  if (!(await updateIcalToken(db, accountId, professionalId, token)))
    throw notFound(AGENDA_MESSAGES.professionalNotFound);
  return `${appUrl.replace(/\/$/, '')}/api/agenda/feed/${token}.ics`;
}

export async function revokeFeed(db: Db, accountId: string, professionalId: string): Promise<void> {
  if (!(await updateIcalToken(db, accountId, professionalId, null)))
    throw notFound(AGENDA_MESSAGES.professionalNotFound);
}

/** The feed's text: the last 30 days and the next 180 of the professional's bookings; null for an unknown secret. */
export async function feedText(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const professional = await selectProfessionalByToken(db, token);
  if (!professional) return null;
  const [timeZone, bookings] = await Promise.all([
    getAccountTimeZone(db, professional.userId),
    selectFeedBookings(db, {
      userId: professional.userId,
      professionalId: professional.id,
      from: new Date(now.getTime() - 30 * DAY),
      to: new Date(now.getTime() + 180 * DAY),
    }),
  ]);
  const calendar = ical({ name: `Agenda de ${professional.name}`, prodId: '//VendAI//Agenda//PT', timezone: timeZone });
  for (const b of bookings)
    calendar.createEvent({
      id: `${b.id}@vendai`,
      start: b.startsAt,
      end: b.endsAt,
      stamp: b.updatedAt,
      summary: `${b.serviceName}: ${b.customerName || 'Cliente'}`,
      status: b.status === 'held' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  return calendar.toString();
}
