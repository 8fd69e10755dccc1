import { FunnelPage } from '@/features/funnel/components/funnel-page';

/** /funil: 'Funil de vendas' (docs/decisions/043-labels-notes-funnel.md). */
export function Component() {
  return <FunnelPage />;
}
