import type { CloudTemplates } from '../../integrations/gateway/cloud-templates.ts';
import { lookUpSend } from '../../domain/outbound/reconcile-send.ts';
import { type OutboundDeps, sendOutbound } from '../../domain/outbound/send-outbound.ts';
import { sendOutboundTemplate } from '../../domain/outbound/send-template.ts';
import type { ReminderSender } from './reminder-deps.ts';

/**
 * The reminders' way out (docs/decisions/046-one-door-out.md): text through `sendOutbound` with origin
 * 'booking_reminder' (reconciled, audited, metered), a Cloud number's UTILITY template through
 * `sendOutboundTemplate` (paced, never repeated).
 */
export function createReminderSender(
  door: OutboundDeps,
  templates: Pick<CloudTemplates, 'sendTemplate' | 'list'>,
): ReminderSender {
  return {
    send: (m) =>
      sendOutbound(door, {
        origin: 'booking_reminder',
        instanceName: m.instanceName,
        to: m.contactJid,
        text: m.text,
        messageId: m.messageId,
        ...(m.buttons ? { buttons: m.buttons } : {}),
      }),
    lookUp: (m, startedAt) => lookUpSend(door, { ...m, image: false }, startedAt),
    template: (m) =>
      sendOutboundTemplate(door, templates, {
        origin: 'booking_reminder',
        number: m.number,
        to: m.to,
        template: m.template,
        messageId: m.messageId,
        category: 'UTILITY',
      }),
    // Read at each template send (a reminder outside the window is rare): the owner may change the template
    // in WhatsApp Manager at any time, and its variables decide the values (domain/booking-reminders/template-values.ts).
    approvedTemplate: async (number, name, language) =>
      (await templates.list(number)).find((t) => t.name === name && t.language === language) ?? null,
  };
}
