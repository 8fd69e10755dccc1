import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';

/** /campanhas: 'Campanhas' (docs/decisions/072-campaigns.md). */
export function Component() {
  return <CampaignsPage />;
}
