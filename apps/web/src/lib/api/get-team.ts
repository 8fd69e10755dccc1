import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Team, TeamMember } from '@vendai/contracts/team';
import { api } from '@/lib/api-client';
import { refreshMe, useMe } from '@/lib/auth';
import { useRealtimeEvent } from '@/lib/realtime';
import { teamKeys } from './query-keys';

/** GET /api/team: the account's people, owner first (docs/decisions/044-team-roles-and-assignment.md). */
export const teamQueryOptions = queryOptions({
  queryKey: teamKeys.list(),
  queryFn: () => api.get<Team>('/api/team'),
  staleTime: 60_000,
});

export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teamQueryOptions, enabled });
}

/**
 * The people of the account when there is more than one (an account alone needs no names):
 * the inbox names senders and offers assignment only then.
 */
export function useTeamPeople(): TeamMember[] | null {
  const me = useMe();
  const shared = (me.data?.team.size ?? 1) > 1;
  const team = useTeam({ enabled: shared });
  return shared && team.data ? team.data.members : null;
}

/**
 * Someone joined the account or left it (realtime `member.joined` / `member.removed`): /me (the team's
 * size) and the team are read again, so the inbox's 'Responsável' and queues change without a reload.
 */
export function useTeamRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.event !== 'member.joined' && event.event !== 'member.removed') return;
    void refreshMe(queryClient).catch(() => {});
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
  });
}
