import { AGENDA_MESSAGES } from '@vendai/contracts';
import type { EventDeps } from '../../domain/engine-events/event-job.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What the agenda's services need (docs/decisions/069-agenda.md): the database, the job runner and the
 * events registry to publish booking events, a logger, and a clock (tests inject one).
 */
export type AgendaDeps = EventDeps & { now?: () => Date };

export const nowOf = (deps: AgendaDeps): Date => deps.now?.() ?? new Date();

/** Why a booking or a move was refused with 409. */
export type BookingConflictReason = 'taken' | 'unavailable' | 'changed' | 'not_active';

/**
 * A 409 the caller may tell apart: `taken` (the database's no-overlap constraint: someone else got the
 * slot first), `unavailable` (outside the free slots: hours, notice, horizon, a block), `changed` (a
 * move named a version that is no longer the booking's), `not_active` (cancelled or finished).
 */
export class BookingConflict extends AppError {
  readonly reason: BookingConflictReason;
  constructor(reason: BookingConflictReason) {
    super('CONFLICT', CONFLICT_MESSAGES[reason]);
    this.reason = reason;
  }
}

const CONFLICT_MESSAGES: Record<BookingConflictReason, string> = {
  taken: AGENDA_MESSAGES.slotTaken,
  unavailable: AGENDA_MESSAGES.slotUnavailable,
  changed: AGENDA_MESSAGES.moved,
  not_active: AGENDA_MESSAGES.notActive,
};

/** Runs a write that may break the no-overlap constraint; SQLSTATE 23P01 becomes 'taken'. */
export async function unlessTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23P01') throw new BookingConflict('taken');
    throw err;
  }
}
