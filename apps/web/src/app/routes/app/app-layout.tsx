import { Navigate, Outlet, useLocation } from 'react-router';
import { isTeamPath } from '@/components/layouts/nav-items';
import { paths } from '@/config/paths';
import { AppShell } from '@/components/layouts/app-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime';

export function Component() {
  const me = useMe();
  const { pathname } = useLocation();
  if (!me.data) return <PageSpinner label="Carregando seu painel..." />;
  // An attendant on an owner's page goes to the inbox (docs/decisions/044-team-roles-and-assignment.md).
  if (me.data.team.role !== 'owner' && !isTeamPath(pathname))
    return <Navigate to={paths.conversations.getHref()} replace />;
  return (
    <RealtimeProvider>
      <AppShell me={me.data}>
        <Outlet />
      </AppShell>
    </RealtimeProvider>
  );
}
