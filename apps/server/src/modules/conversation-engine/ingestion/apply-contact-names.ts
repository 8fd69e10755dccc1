import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { mapChat } from '../../../integrations/gateway/map-gateway-message.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import { nameUnnamedConversations } from './ingestion-repository.ts';

/** contacts.upsert / contacts.update: the contact's name fills a conversation that has none. */
export async function applyContactNames(deps: EngineDeps, numberId: string, items: unknown[]): Promise<IngestOutcome> {
  let outcome: IngestOutcome = 'ignored';
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Record<string, unknown>;
    const jid = typeof c.remoteJid === 'string' ? c.remoteJid : typeof c.id === 'string' ? c.id : null;
    const name = typeof c.pushName === 'string' ? c.pushName.trim() : typeof c.name === 'string' ? c.name.trim() : '';
    if (!jid || !name || jid.endsWith('@g.us') || /^\+?\d[\d\s-]*$/.test(name)) continue;
    const chat = mapChat({ remoteJid: jid });
    const rows = await nameUnnamedConversations(deps.db, numberId, chat, jid, name);
    if (rows.length === 0) continue;
    outcome = 'updated';
    const events = new PendingRealtimeEvents();
    for (const r of rows) events.conversation(r.id, 'updated');
    await events.publish(deps);
  }
  return outcome;
}
