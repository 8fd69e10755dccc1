import type { CapiSettings, CapiSettingsInput } from '@vendai/contracts';
import { sealSecret } from '../../lib/secret-box.ts';
import type { CapiDeps } from './capi-deps.ts';
import { deleteDataset, findDataset, listCapiEvents, upsertDataset } from './capi-repository.ts';

const LOG_SIZE = 20;

/** The connected dataset (never the token) and the latest events (the settings page's log). */
export async function getCapiSettings(deps: Pick<CapiDeps, 'db'>, accountId: string): Promise<CapiSettings> {
  const [dataset, events] = await Promise.all([
    findDataset(deps.db, accountId),
    listCapiEvents(deps.db, accountId, LOG_SIZE),
  ]);
  return {
    connected: dataset !== null,
    datasetId: dataset?.datasetId ?? null,
    pageId: dataset?.pageId ?? null,
    events: events.map((e) => ({
      ...e,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Connects (or replaces) the dataset; the token is sealed before it is stored. */
export async function saveCapiSettings(
  deps: Pick<CapiDeps, 'db' | 'sealKey'>,
  accountId: string,
  input: CapiSettingsInput,
): Promise<CapiSettings> {
  await upsertDataset(deps.db, accountId, {
    datasetId: input.datasetId.trim(),
    tokenSealed: sealSecret(deps.sealKey, input.accessToken.trim()),
    pageId: input.pageId?.trim() || null,
  });
  return getCapiSettings(deps, accountId);
}

export async function disconnectCapi(deps: Pick<CapiDeps, 'db'>, accountId: string): Promise<void> {
  await deleteDataset(deps.db, accountId);
}
