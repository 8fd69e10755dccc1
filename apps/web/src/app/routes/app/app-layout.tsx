import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isTeamPath } from '@/components/layouts/nav-items';
import { paths } from '@/config/paths';
import { AppShell } from '@/components/layouts/app-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { meQueryOptions, useMe } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime';

export function Component() {
  const me = useMe();
  const { pathname } = useLocation();
  useAccountChangeReset(me.data?.team.accountId);
  if (!me.data) return <PageSpinner label="Carregando seu painel..." />;
  // An attendant on an owner's page goes to the inbox (docs/decisions/044-team-roles-and-assignment.md).
  if (me.data.team.role !== 'owner' && !isTeamPath(pathname))
    return <Navigate to={paths.conversations.getHref()} replace />;
  return (
    // One connection per account: joining or leaving a team opens the new account's events.
    <RealtimeProvider key={me.data.team.accountId}>
      <AppShell me={me.data}>
        <Outlet />
      </AppShell>
    </RealtimeProvider>
  );
}

/**
 * The account changed under a signed-in person (removed from a team, decision 044): everything cached
 * was the other account's, so it is read again.
 */
function useAccountChangeReset(accountId: string | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(accountId);
  useEffect(() => {
    if (accountId && seen.current && seen.current !== accountId)
      void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== meQueryOptions.queryKey[0] });
    if (accountId) seen.current = accountId;
  }, [accountId, queryClient]);
}
