import { useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { ApproveView } from '@/features/simulator/components/approve-view';
import { CloudSignupView } from '@/features/simulator/components/cloud-signup-view';
import { SimulatorSignedOut } from '@/features/simulator/components/signed-out-view';
import { SimulatorPage } from '@/features/simulator/components/simulator-page';
import { useMe } from '@/lib/auth';

/**
 * '/simulador', '/simulador/meta' (Meta's Embedded Signup stand-in) and '/simulador/aprovar/:instance': the phone and the customers of the signed-in
 * account's own numbers. Signed out, a page that asks for the sign-in and comes back here.
 */
export function Component() {
  const { instance } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Verificando autenticação..." />;
  if (me.isError) throw me.error;
  if (!me.data) return <SimulatorSignedOut />;
  if (pathname === paths.simulatorMetaSignup.path) return <CloudSignupView />;
  if (instance) return <ApproveView instanceName={instance} code={search.get('code')} />;
  return <SimulatorPage />;
}
