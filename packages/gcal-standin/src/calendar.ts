import { randomBytes } from 'node:crypto';
import {
  badRequest,
  deleted,
  fullSyncRequired,
  GoogleApiError,
  invalid,
  notFound,
  required,
  timeRangeEmpty,
} from './google-errors.ts';

/**
 * One Google account's calendars and events, as the Calendar API v3 shows them
 * (https://developers.google.com/calendar/api/v3/reference/events). Only the primary calendar exists
 * (its id is the account's e-mail, 'primary' names it too); events carry a change sequence, so a
 * sync token (https://developers.google.com/calendar/api/guides/sync) lists what changed after it.
 */

export interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface StandinEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  start: EventTime;
  end: EventTime;
  transparency?: 'opaque' | 'transparent';
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  created: string;
  updated: string;
  sequence: number;
  iCalUID: string;
  htmlLink: string;
}

interface Stored {
  event: StandinEvent;
  /** The store's change counter when this event last changed (what a sync token compares with). */
  changed: number;
}

/** Event ids a client may choose: base32hex characters (a-v, 0-9), 5 to 1024 of them (events.insert, `id`). */
const CLIENT_ID = /^[a-v0-9]{5,1024}$/;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An instant from an EventTime (a date is its midnight UTC, which is enough to order and filter). */
function instantOf(t: EventTime, which: 'start' | 'end'): number {
  if (t.dateTime !== undefined) {
    if (!RFC3339.test(t.dateTime)) throw invalid(`Invalid ${which} time.`);
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(t.dateTime) && !t.timeZone)
      throw required(`Missing time zone definition for ${which} time.`);
    const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`);
    if (Number.isNaN(ms)) throw invalid(`Invalid ${which} time.`);
    return ms;
  }
  if (t.date !== undefined) {
    if (!DATE.test(t.date) || Number.isNaN(Date.parse(t.date))) throw invalid(`Invalid ${which} time.`);
    return Date.parse(t.date);
  }
  throw required(`Missing ${which} time.`);
}

/** A query's RFC 3339 bound: Google requires the offset ('2026-05-01T10:00:00-03:00' or 'Z'). */
function boundOf(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (!RFC3339.test(value) || !/(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw new GoogleApiError(400, 'badRequest', 'Bad Request', 'global', { type: 'parameter', name });
  return Date.parse(value);
}

export interface ListQuery {
  timeMin?: string;
  timeMax?: string;
  syncToken?: string;
  showDeleted?: boolean;
  pageToken?: string;
  maxResults?: number;
  /** Any other filter (q, updatedMin, orderBy, iCalUID…): refused together with a sync token. */
  otherFilters?: string[];
}

export class StandinCalendar {
  private events = new Map<string, Stored>();
  /** Tokens handed out, each with the change counter it was made at; `expireSyncTokens` forgets them. */
  private syncTokens = new Map<string, number>();
  private pages = new Map<string, { items: StandinEvent[]; nextSyncToken: string }>();

  constructor(
    readonly id: string,
    private readonly clock: () => Date,
    private readonly tick: () => number,
  ) {}

  private stamp(): string {
    return this.clock().toISOString();
  }

  private store(event: StandinEvent) {
    this.events.set(event.id, { event, changed: this.tick() });
    return event;
  }

  get(eventId: string): StandinEvent {
    const found = this.events.get(eventId);
    if (!found) throw notFound();
    return found.event;
  }

  /** events.insert: start and end required and in order; a client id must be base32hex and new. */
  insert(body: Partial<StandinEvent>): StandinEvent {
    if (!body.start) throw required('Missing start time.');
    if (!body.end) throw required('Missing end time.');
    if (instantOf(body.end, 'end') < instantOf(body.start, 'start')) throw timeRangeEmpty('end');
    const id = body.id ?? randomBytes(13).toString('hex');
    if (!CLIENT_ID.test(id)) throw invalid('Invalid resource id value.');
    if (this.events.has(id)) throw new GoogleApiError(409, 'duplicate', 'The requested identifier already exists.');
    const now = this.stamp();
    return this.store({
      kind: 'calendar#event',
      id,
      etag: `"${Date.now()}${randomBytes(2).toString('hex')}"`,
      status: body.status ?? 'confirmed',
      ...(body.summary !== undefined ? { summary: body.summary } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      start: body.start,
      end: body.end,
      ...(body.transparency ? { transparency: body.transparency } : {}),
      ...(body.extendedProperties ? { extendedProperties: body.extendedProperties } : {}),
      created: now,
      updated: now,
      sequence: 0,
      iCalUID: `${id}@google.com`,
      htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
    });
  }

  /** events.patch: only the fields sent change; the result must still be a valid time range. */
  patch(eventId: string, body: Partial<StandinEvent>): StandinEvent {
    const current = this.get(eventId);
    if (current.status === 'cancelled' && body.status !== 'confirmed') throw deleted();
    const next: StandinEvent = {
      ...current,
      ...Object.fromEntries(
        Object.entries(body).filter(([k]) => !['id', 'kind', 'etag', 'created', 'updated', 'iCalUID'].includes(k)),
      ),
    } as StandinEvent;
    if (instantOf(next.end, 'end') < instantOf(next.start, 'start')) throw timeRangeEmpty('end');
    const moved = body.start !== undefined || body.end !== undefined;
    return this.store({
      ...next,
      etag: `"${Date.now()}${randomBytes(2).toString('hex')}"`,
      updated: this.stamp(),
      sequence: current.sequence + (moved ? 1 : 0),
    });
  }

  /** events.delete: the event stays as 'cancelled' (what an incremental sync reports); twice is 410. */
  delete(eventId: string): void {
    const current = this.get(eventId);
    if (current.status === 'cancelled') throw deleted();
    this.store({ ...current, status: 'cancelled', updated: this.stamp() });
  }

  /** events.list: a full list (time window, pages) ending in a sync token, or the changes since one. */
  list(q: ListQuery) {
    if (q.pageToken) {
      const page = this.pages.get(q.pageToken);
      if (!page) throw invalid('Invalid page token value.');
      this.pages.delete(q.pageToken);
      return this.page(page.items, page.nextSyncToken, q.maxResults);
    }
    const nextSyncToken = `${randomBytes(12).toString('base64url')}=`;
    this.syncTokens.set(nextSyncToken, this.tick());
    let items: StandinEvent[];
    if (q.syncToken !== undefined) {
      if (q.timeMin || q.timeMax || q.otherFilters?.length)
        throw badRequest('Sync token cannot be used with other request restrictions.');
      const since = this.syncTokens.get(q.syncToken);
      if (since === undefined) throw fullSyncRequired();
      items = [...this.events.values()].filter((s) => s.changed > since).map((s) => s.event);
    } else {
      const min = boundOf(q.timeMin, 'timeMin');
      const max = boundOf(q.timeMax, 'timeMax');
      if (min !== null && max !== null && max < min) throw timeRangeEmpty('timeMax');
      items = [...this.events.values()]
        .map((s) => s.event)
        .filter((e) => q.showDeleted || e.status !== 'cancelled')
        .filter((e) => min === null || instantOf(e.end, 'end') > min)
        .filter((e) => max === null || instantOf(e.start, 'start') < max);
    }
    return this.page(items, nextSyncToken, q.maxResults);
  }

  private page(items: StandinEvent[], nextSyncToken: string, maxResults = 250) {
    const size = Math.min(Math.max(1, maxResults), 2500);
    const base = { kind: 'calendar#events', summary: this.id, updated: this.stamp(), accessRole: 'owner' };
    if (items.length <= size) return { ...base, items, nextSyncToken };
    const nextPageToken = randomBytes(12).toString('base64url');
    this.pages.set(nextPageToken, { items: items.slice(size), nextSyncToken });
    return { ...base, items: items.slice(0, size), nextPageToken };
  }

  /** freeBusy for this calendar: opaque, not cancelled events overlapping the window. */
  busy(min: number, max: number): { start: string; end: string }[] {
    return [...this.events.values()]
      .map((s) => s.event)
      .filter((e) => e.status !== 'cancelled' && e.transparency !== 'transparent')
      .map((e) => ({ s: instantOf(e.start, 'start'), e: instantOf(e.end, 'end') }))
      .filter((r) => r.e > min && r.s < max)
      .sort((a, b) => a.s - b.s)
      .map((r) => ({
        start: new Date(Math.max(r.s, min)).toISOString(),
        end: new Date(Math.min(r.e, max)).toISOString(),
      }));
  }

  /** Every sync token handed out stops working (Google's 410 after expiry or an ACL change). */
  expireSyncTokens() {
    this.syncTokens.clear();
  }

  all(): StandinEvent[] {
    return [...this.events.values()].map((s) => s.event);
  }
}

export const freeBusyWindow = (timeMin: string | undefined, timeMax: string | undefined) => {
  if (!timeMin) throw required('Missing timeMin parameter.');
  if (!timeMax) throw required('Missing timeMax parameter.');
  const min = boundOf(timeMin, 'timeMin')!;
  const max = boundOf(timeMax, 'timeMax')!;
  if (max < min) throw timeRangeEmpty('timeMax');
  return { min, max };
};
