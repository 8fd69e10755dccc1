import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';

export function Component() {
  const me = useMe();
  if (!me.data) return <PageSpinner label="Carregando seu painel..." />;
  return (
    <AppShell me={me.data}>
      <Outlet />
    </AppShell>
  );
}
