import { INVALID_CURSOR } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** The position in a ?cursor= value; a malformed one is the client's mistake (400), never a 500. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined || cursor === '') return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !id || !AT.test(at) || !UUID.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError('VALIDATION', INVALID_CURSOR, { fields: { cursor: INVALID_CURSOR } });
  }
  return { at, id };
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
