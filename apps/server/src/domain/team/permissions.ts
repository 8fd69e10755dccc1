import {
  ATTENDANT_PERMISSIONS,
  type AttendantPermission,
  type AttendantPermissions,
  DEFAULT_ATTENDANT_PERMISSIONS,
  PERMISSION_DENIED_MESSAGES,
} from '@vendai/contracts/team';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountRole } from './membership.ts';
import { selectPermissionsRow, upsertPermissions } from './permissions-repository.ts';

/**
 * What the owner lets the account's attendants do (docs/decisions/052-attendant-permissions-and-number-claims.md):
 * the account's row, or every permission off when the owner never changed one.
 */
export async function readAttendantPermissions(db: Db, accountId: string): Promise<AttendantPermissions> {
  const row = await selectPermissionsRow(db, accountId);
  if (!row) return { ...DEFAULT_ATTENDANT_PERMISSIONS };
  return Object.fromEntries(ATTENDANT_PERMISSIONS.map((p) => [p, row[p]])) as AttendantPermissions;
}

/** The owner's change on Equipe: the permissions given, the others as they were. */
export async function writeAttendantPermissions(
  db: Db,
  accountId: string,
  change: Partial<AttendantPermissions>,
): Promise<AttendantPermissions> {
  const set = Object.fromEntries(
    ATTENDANT_PERMISSIONS.flatMap((p) => (change[p] === undefined ? [] : [[p, change[p]]])),
  );
  await upsertPermissions(db, accountId, set);
  return readAttendantPermissions(db, accountId);
}

/** Who is acting: the account and the person's role in it (a SessionUser fits). */
export interface Actor {
  id: string;
  role: AccountRole;
}

/** Whether the person may do it: the owner always; an attendant when the owner allowed it. */
export async function mayDo(db: Db, actor: Actor, permission: AttendantPermission): Promise<boolean> {
  if (actor.role === 'owner') return true;
  return (await readAttendantPermissions(db, actor.id))[permission];
}

/** 403 with the permission's Portuguese reason when an attendant may not do it. */
export async function assertMayDo(db: Db, actor: Actor, permission: AttendantPermission): Promise<void> {
  if (!(await mayDo(db, actor, permission))) throw new AppError('FORBIDDEN', PERMISSION_DENIED_MESSAGES[permission]);
}
