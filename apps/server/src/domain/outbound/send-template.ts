import type { CloudNumberSecrets, CloudTemplates, TemplateSend } from '../../integrations/gateway/cloud-templates.ts';

/** One approved template to a customer of a Cloud number (docs/decisions/041-cloud-window-and-templates.md). */
export interface OutboundTemplate {
  origin: 'template';
  number: CloudNumberSecrets;
  to: string;
  /** Its name, language and the values of its header, body and URL buttons (decision 054). */
  template: TemplateSend;
}

/**
 * The door out for templates (docs/decisions/046-one-door-out.md): sent once through Meta's pacing
 * (cloud-templates.ts, never repeated: Meta charges each template it accepts). Meta's message id;
 * a refusal or an unknown outcome throws the owner's Portuguese sentence.
 */
export async function sendOutboundTemplate(
  templates: Pick<CloudTemplates, 'sendTemplate'>,
  m: OutboundTemplate,
): Promise<string> {
  return templates.sendTemplate(m.number, m.to, m.template);
}
