import { INVALID_CURSOR, isUuid } from '@vendai/contracts';
import { AppError } from './app-error.ts';

/**
 * A keyset position: a timestamp at PostgreSQL's full (microsecond) precision plus the row id that
 * breaks ties. JavaScript dates only hold milliseconds, so the timestamp travels as the text the
 * database produced (`to_char … US`), never through a Date: a cursor rounded to milliseconds would
 * skip or repeat rows that share the millisecond.
 */
export interface KeysetPosition {
  /** 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (UTC). */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** The position in a ?cursor= value; a malformed one is the client's mistake (400), never a 500. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined || cursor === '') return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !id || !AT.test(at) || !isUuid(id) || !isRealInstant(at)) {
    throw new AppError('VALIDATION', INVALID_CURSOR, { fields: { cursor: INVALID_CURSOR } });
  }
  return { at, id };
}

/**
 * 'YYYY-MM-DDTHH:MM:SS.ffffffZ' naming an instant that exists: Date.parse rolls 2024-02-30 over to
 * March 1st where PostgreSQL refuses it ("date/time field value out of range"), so each field is checked.
 */
function isRealInstant(at: string): boolean {
  const [year, month, day, hour, minute, second] = [
    at.slice(0, 4),
    at.slice(5, 7),
    at.slice(8, 10),
    at.slice(11, 13),
    at.slice(14, 16),
    at.slice(17, 19),
  ].map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
