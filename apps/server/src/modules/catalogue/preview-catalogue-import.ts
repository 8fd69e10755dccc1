import type { ImportPlan, ImportRequest } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { activeItemsOf } from './catalogue-repository.ts';
import { planImport, planSummary } from './plan-import.ts';

/** What the import would create, update, leave as is, and which lines are wrong — nothing is saved. */
export async function previewCatalogueImport({
  db,
  accountId,
  request,
}: {
  db: Db;
  accountId: string;
  request: ImportRequest;
}): Promise<ImportPlan> {
  return planSummary(planImport(request, await activeItemsOf(db, accountId)));
}
