import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pendingAfterAuthTarget, useMe } from '@/lib/auth';
import { returnPathFrom } from '@/lib/return-to';

/** Protected routes: signed-out visitors go to '/' after the check (docs/product/screens.md#access). */
export function RequireUser() {
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Verificando autenticação..." />;
  if (me.isError) throw me.error;
  if (!me.data) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** /login, /register, /forgot-password: a signed-in user goes to `?voltar=` or /dashboard, keeping the query string. */
export function SignedOutOnly() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageSpinner label="Verificando autenticação..." />;
  if (me.data) {
    const to =
      pendingAfterAuthTarget() ?? returnPathFrom(location.search) ?? paths.conversations.getHref(location.search);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
