import type { CloudTemplates } from '../../integrations/gateway/cloud-templates.ts';
import { lookUpSend } from '../../domain/outbound/reconcile-send.ts';
import { type OutboundDeps, sendOutbound } from '../../domain/outbound/send-outbound.ts';
import { sendOutboundTemplate } from '../../domain/outbound/send-template.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CampaignSender } from './campaign-deps.ts';
import { selectCloudSecrets } from './campaigns-repository.ts';

/**
 * The campaigns' way out (docs/decisions/046-one-door-out.md): text through `sendOutbound` with origin
 * 'campaign' (reconciled, audited, metered), a Cloud number's marketing template through
 * `sendOutboundTemplate` (paced with the number's other sends, never repeated, metered as marketing).
 */
export function createCampaignSender(
  door: OutboundDeps,
  templates: Pick<CloudTemplates, 'sendTemplate'>,
): CampaignSender {
  return {
    send: (m) =>
      sendOutbound(door, {
        origin: 'campaign',
        instanceName: m.instanceName,
        to: m.contactJid,
        text: m.text,
        messageId: m.messageId,
      }),
    lookUp: (m, startedAt) => lookUpSend(door, { ...m, image: false }, startedAt),
    async template(m) {
      const number = await selectCloudSecrets(door.db, m.numberId);
      if (!number) throw new AppError('NOT_CONFIGURED', 'Este número não está mais conectado pela API oficial.');
      return sendOutboundTemplate(door, templates, {
        origin: 'campaign',
        number,
        to: m.to,
        template: { name: m.template.name, language: m.template.language, values: m.template.values },
        messageId: m.messageId,
        category: 'MARKETING',
      });
    },
  };
}
