import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime';

export function Component() {
  const me = useMe();
  if (!me.data) return <PageSpinner label="Carregando seu painel..." />;
  return (
    <RealtimeProvider>
      <AppShell me={me.data}>
        <Outlet />
      </AppShell>
    </RealtimeProvider>
  );
}
