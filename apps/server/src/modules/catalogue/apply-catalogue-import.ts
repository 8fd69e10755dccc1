import type { ImportRequest, ImportResult } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeItemsOf, saveImport } from './catalogue-repository.ts';
import { planImport } from './plan-import.ts';

/**
 * Applies an import in one transaction. Any wrong line refuses the whole import (400 with the first
 * line's reason): nothing is partially saved.
 */
export async function applyCatalogueImport({
  db,
  accountId,
  request,
}: {
  db: Db;
  accountId: string;
  request: ImportRequest;
}): Promise<ImportResult> {
  const plan = planImport(request, await activeItemsOf(db, accountId));
  const wrong = plan.filter((r) => r.action === 'erro');
  if (wrong.length > 0)
    throw new AppError(
      'VALIDATION',
      `${wrong[0]!.error}${wrong.length > 1 ? ` (e mais ${wrong.length - 1} ${wrong.length === 2 ? 'linha' : 'linhas'} com erro)` : ''} Nada foi importado.`,
    );
  const creates = plan.filter((r) => r.action === 'criar').map((r) => r.input!);
  const updates = plan.filter((r) => r.action === 'atualizar').map((r) => ({ id: r.existingId!, input: r.input! }));
  await saveImport(db, accountId, creates, updates);
  return { created: creates.length, updated: updates.length };
}
