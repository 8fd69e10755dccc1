import { type AttendantPermission, PERMISSION_DENIED_MESSAGES } from '@vendai/contracts/team';
import { useMe } from './auth';

/**
 * Whether the signed-in person may do something the owner decides for attendants
 * (docs/decisions/052-attendant-permissions-and-number-claims.md): the owner always; an attendant when
 * Equipe allows it. `reason` is what the web shows beside a locked control (the server's 403 says the same).
 */
export function usePermission(permission: AttendantPermission): { allowed: boolean; reason: string | null } {
  const team = useMe().data?.team;
  const allowed = !team || team.role === 'owner' || team.permissions[permission];
  return { allowed, reason: allowed ? null : PERMISSION_DENIED_MESSAGES[permission] };
}
