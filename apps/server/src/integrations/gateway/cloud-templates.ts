/**
 * Message templates of official-API (Cloud) numbers (docs/decisions/041-cloud-window-and-templates.md):
 * the approved templates of the number's WhatsApp Business Account (`GET /{waba-id}/message_templates`,
 * read by cloud-signup.ts) and one template sent to a customer (`POST /{phone-number-id}/messages` with
 * `type: 'template'`, the body's {{n}} filled in order). The owner sends one at a time from the inbox,
 * so this goes straight to the Graph API, apart from the engine's paced sends, and is never retried
 * (Meta charges each template it accepts). Errors are Portuguese sentences for the owner.
 */
import { AppError } from '../../lib/app-error.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { type CloudTemplate, createCloudSignup } from './cloud-signup.ts';
import { toWaId } from './cloud-client.ts';

/** A Cloud number's ids and sealed token, as stored on `numbers`. */
export interface CloudNumberSecrets {
  phoneNumberId: string | null;
  wabaId: string | null;
  sealed: string | null;
}

export interface CloudTemplatesOptions {
  graphUrl: string;
  graphVersion: string;
  /** META_TOKEN_ENCRYPTION_KEY, parsed; null when unset (no Cloud number can be used). */
  key: Buffer | null;
  timeoutMs?: number;
}

export function createCloudTemplates(options: CloudTemplatesOptions) {
  const root = `${options.graphUrl.replace(/\/+$/, '')}/${options.graphVersion}`;
  const graph = createCloudSignup({
    graphUrl: options.graphUrl,
    graphVersion: options.graphVersion,
    appId: undefined,
    appSecret: undefined,
    timeoutMs: options.timeoutMs,
  });

  function opened(number: CloudNumberSecrets): { token: string; phoneNumberId: string; wabaId: string } {
    if (!number.phoneNumberId || !number.wabaId || !number.sealed || !options.key)
      throw new AppError('NOT_CONFIGURED', 'Este número não tem as credenciais da API oficial. Conecte-o de novo.');
    try {
      return {
        token: openSecret(options.key, number.sealed),
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
      };
    } catch {
      throw new AppError('NOT_CONFIGURED', 'O acesso deste número à API oficial não pode ser lido. Conecte-o de novo.');
    }
  }

  return {
    /** The number's approved templates, with their body and number of variables. */
    async list(number: CloudNumberSecrets): Promise<CloudTemplate[]> {
      const { token, wabaId } = opened(number);
      return graph.templates(token, wabaId);
    },

    /** Sends one template to a customer; Meta's message id (wamid). */
    async send(
      number: CloudNumberSecrets,
      to: string,
      template: { name: string; language: string; values: readonly string[] },
    ): Promise<string> {
      const { token, phoneNumberId } = opened(number);
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toWaId(to),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(template.values.length
            ? {
                components: [{ type: 'body', parameters: template.values.map((text) => ({ type: 'text', text })) }],
              }
            : {}),
        },
      };
      let response: Response;
      try {
        response = await fetch(`${root}/${encodeURIComponent(phoneNumberId)}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          redirect: 'error',
        });
      } catch {
        throw new AppError('UPSTREAM', 'A Meta não respondeu. Confira no WhatsApp antes de enviar o modelo de novo.');
      }
      const data = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { message?: unknown; code?: unknown };
      } | null;
      const id = data?.messages?.[0]?.id;
      if (!response.ok || typeof id !== 'string' || !id) {
        const error = data?.error;
        const detail =
          typeof error?.message === 'string'
            ? ` (${typeof error.code === 'number' ? `#${error.code} ` : ''}${error.message})`
            : '';
        throw new AppError('UPSTREAM', `A Meta recusou o modelo${detail}.`);
      }
      return id;
    },
  };
}

export type CloudTemplates = ReturnType<typeof createCloudTemplates>;
