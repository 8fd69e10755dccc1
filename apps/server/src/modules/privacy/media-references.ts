import type { Db } from '../../db/client.ts';
import { mediaUrl, ownerOfKey } from '../../integrations/storage/storage-keys.ts';
import { selectMediaReferences } from './retention-repository.ts';

/**
 * The keys among `keys` that something else still uses: a catalogue item's photo (an AI answer sends the
 * catalogue's own file, not a copy) or a message outside `exceptMessageIds`. Those files must stay when
 * the messages in `exceptMessageIds` lose theirs. Read per owner (the key's first segment), through the
 * owner's indexes.
 */
export async function keysStillInUse(db: Db, keys: string[], exceptMessageIds: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  const byOwner = new Map<string, string[]>();
  for (const key of new Set(keys)) {
    const owner = ownerOfKey(key);
    if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
  }
  for (const [owner, ownerKeys] of byOwner) {
    const refs = await selectMediaReferences(db, {
      owner,
      keys: ownerKeys,
      urls: ownerKeys.map(mediaUrl),
      exceptMessageIds,
    });
    for (const ref of refs) used.add(ref.startsWith('/api/media/') ? ref.slice('/api/media/'.length) : ref);
  }
  return used;
}
