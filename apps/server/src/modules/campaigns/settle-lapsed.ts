import { randomUUID } from 'node:crypto';
import type { CampaignDeps } from './campaign-deps.ts';
import type { CampaignRow } from './campaigns-repository.ts';
import { finishRecipient, takeLapsed } from './recipients-repository.ts';

/**
 * Contacts a dead process left mid-send: not yet stored → waiting again; stored and the chat has it →
 * sent; on QR, the gateway's record provably lacks it → sent now, once; otherwise unconfirmed, never
 * sent twice (a Cloud template is never repeated: Meta charges each).
 */
export async function settleLapsed(deps: CampaignDeps, c: CampaignRow): Promise<void> {
  const token = randomUUID();
  for (const l of await takeLapsed(deps.db, c.id, token, deps.config.leaseMs)) {
    const claim = { id: l.id, token };
    if (!l.message_id) {
      await finishRecipient(deps.db, claim, { state: 'pending' });
      continue;
    }
    if (l.msg_status && l.msg_status !== 'pending' && l.msg_status !== 'failed') {
      await finishRecipient(deps.db, claim, { state: 'sent' });
      continue;
    }
    const m = { messageId: l.message_id, instanceName: l.instance_name, contactJid: l.contact_jid, text: l.text ?? '' };
    const verdict =
      c.track === 'qr' ? await deps.sender.lookUp(m, new Date(l.msg_created ?? 0).getTime() - 1_000) : 'unknown';
    if (typeof verdict === 'object') {
      await finishRecipient(deps.db, claim, { state: 'sent', externalId: verdict.externalId, messageId: l.message_id });
    } else if (verdict === 'absent') {
      const result = await deps.sender.send(m);
      await finishRecipient(
        deps.db,
        claim,
        result.ok
          ? { state: 'sent', externalId: result.externalId, messageId: l.message_id }
          : { state: 'failed', reason: 'O WhatsApp recusou o envio.', messageId: l.message_id },
      );
    } else
      await finishRecipient(deps.db, claim, {
        state: 'unconfirmed',
        reason: 'O envio foi interrompido e não pôde ser confirmado; não será reenviado.',
        messageId: l.message_id,
      });
  }
}
