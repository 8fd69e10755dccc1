import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { CloudNumberSecrets, CloudTemplates, TemplateSend } from '../../integrations/gateway/cloud-templates.ts';
import { recordOutbound } from './outbound-audit.ts';
import { meterCloudSend } from './cloud-meter.ts';

/** One approved template to a customer of a Cloud number (docs/decisions/041-cloud-window-and-templates.md). */
export interface OutboundTemplate {
  origin: 'template' | 'campaign' | 'booking_reminder';
  number: CloudNumberSecrets;
  to: string;
  /** Its name, language and the values of its header, body and URL buttons (decision 054). */
  template: TemplateSend;
  /** The template's stored message (its audit record names it). */
  messageId: string;
  /** Meta's category of the template ('MARKETING', 'UTILITY', 'AUTHENTICATION'): the meter's until Meta prices it. */
  category: string;
}

/**
 * The door out for templates (docs/decisions/046-one-door-out.md): sent once through Meta's pacing
 * (cloud-templates.ts, never repeated: Meta charges each template it accepts). Meta's message id;
 * a refusal or an unknown outcome throws the owner's Portuguese sentence. One audit record either way.
 */
export async function sendOutboundTemplate(
  deps: { db: Db; log: FastifyBaseLogger },
  templates: Pick<CloudTemplates, 'sendTemplate'>,
  m: OutboundTemplate,
): Promise<string> {
  try {
    const externalId = await templates.sendTemplate(m.number, m.to, m.template);
    await recordOutbound(deps, { origin: m.origin, outcome: 'sent', messageId: m.messageId });
    if (m.number.phoneNumberId)
      await meterCloudSend(deps.db, {
        number: { phoneNumberId: m.number.phoneNumberId },
        externalId,
        category: m.category,
      }).catch((err: unknown) => deps.log.warn({ err }, 'outbound: the Cloud meter was not written'));
    return externalId;
  } catch (err) {
    await recordOutbound(deps, { origin: m.origin, outcome: 'failed', messageId: m.messageId });
    throw err;
  }
}
