import type { CampaignDeps } from './campaign-deps.ts';
import { type CampaignRow, recordQualityRating, selectCloudSecrets } from './campaigns-repository.ts';

/**
 * A Cloud number's rating as Meta holds it now, read once per job (at most every JOB_MS or SENDS_PER_JOB sends):
 * Meta says YELLOW in no webhook, so mayGoNow would otherwise never see it (decision 078). Meta not answering
 * keeps the rating the number's row has.
 */
export async function refreshQuality(deps: CampaignDeps, c: CampaignRow): Promise<void> {
  const secrets = await selectCloudSecrets(deps.db, c.number_id);
  if (!secrets || !deps.templates) return;
  try {
    const rating = await deps.templates.qualityRating(secrets);
    if (rating) await recordQualityRating(deps.db, c.number_id, rating);
  } catch (err) {
    deps.log.warn({ err, campaignId: c.id }, 'campaigns: the number’s quality rating could not be read');
  }
}
