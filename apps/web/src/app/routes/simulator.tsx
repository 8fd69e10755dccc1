import { useParams, useSearchParams } from 'react-router';
import { ApproveView } from '@/features/simulator/components/approve-view';
import { SimulatorPage } from '@/features/simulator/components/simulator-page';

/** '/simulador' and '/simulador/aprovar/:instance' (public: the page plays the phones and the customers). */
export function Component() {
  const { instance } = useParams();
  const [search] = useSearchParams();
  if (instance) return <ApproveView instanceName={instance} code={search.get('code')} />;
  return <SimulatorPage />;
}
