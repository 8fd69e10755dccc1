/**
 * Message templates of official-API (Cloud) numbers (docs/decisions/041-cloud-window-and-templates.md):
 * the approved templates of the number's WhatsApp Business Account (`GET /{waba-id}/message_templates`,
 * read by cloud-signup.ts) and one template sent to a customer (`POST /{phone-number-id}/messages` with
 * `type: 'template'`, its header, body and URL-button parameters built as Meta expects them,
 * `templateComponents`). Like every Cloud send it goes through the
 * shared pacer (`sendPaced`, docs/decisions/042-cloud-pacing.md): it takes the number's and the
 * customer's slots, and a refusal for rate (429, 130429, 131056…) is held back and sent again — Meta
 * sent nothing then, so nothing is charged twice. Any other refusal, and a send whose outcome is
 * unknown (no answer), is never repeated (Meta charges each template it accepts). Errors are
 * Portuguese sentences for the owner.
 */
import { AppError } from '../../lib/app-error.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { type CloudTemplate, createCloudSignup } from './cloud-signup.ts';
import { cloudAddressee, toWaId } from './cloud-client.ts';
import { type CloudPacer, GraphRefusal, retryAfterMs, sendPaced } from './cloud-pacing.ts';

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
  /** The shared pacing of the number's sends (cloud-pacing.ts); without it back-offs wait here. */
  pacer?: CloudPacer;
  /** First wait after a refusal for rate (META_BACKOFF_BASE_MS). */
  backoffBaseMs?: number;
}

/** What a template send carries: the template's shape (cloud-signup.ts) and the values the owner filled. */
export interface TemplateSend {
  name: string;
  language: string;
  /** The body's values in order: {{1}}, {{2}}… or, for a NAMED template, in the order of `names`. */
  values: readonly string[];
  /** NAMED templates: the body's parameter names (each value goes with its `parameter_name`). */
  names?: readonly string[];
  /** The header's one parameter: the text of a TEXT header's variable (`name` when NAMED), or a media link. */
  header?: { format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT'; value: string; name?: string | null } | null;
  /** URL buttons ending with a variable: the button's index among the template's buttons and the value. */
  buttons?: readonly { index: number; value: string }[];
}

/**
 * The `components` of a template send, as Meta expects them
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates): a header with its
 * text or media parameter, the body's parameters (with `parameter_name` on a NAMED template), one
 * `button` component per URL button with a variable (`sub_type: 'url'`, its index as a string).
 */
export function templateComponents(t: TemplateSend): Record<string, unknown>[] {
  const components: Record<string, unknown>[] = [];
  if (t.header) {
    const kind = t.header.format.toLowerCase();
    const parameter =
      t.header.format === 'TEXT'
        ? { type: 'text', ...(t.header.name ? { parameter_name: t.header.name } : {}), text: t.header.value }
        : { type: kind, [kind]: { link: t.header.value } };
    components.push({ type: 'header', parameters: [parameter] });
  }
  if (t.values.length)
    components.push({
      type: 'body',
      parameters: t.values.map((text, i) =>
        t.names?.[i] ? { type: 'text', parameter_name: t.names[i], text } : { type: 'text', text },
      ),
    });
  for (const b of t.buttons ?? [])
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(b.index),
      parameters: [{ type: 'text', text: b.value }],
    });
  return components;
}

/** One template of the WABA as the poll reads it. */
export interface TemplateStatus {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  reason: string | null;
}

type SendAnswer = { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } } | null;

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

  async function graphJson(
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: Record<string, unknown>,
  ): Promise<{ ok: boolean; status: number; body: Record<string, unknown> | null }> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch {
      throw new AppError('UPSTREAM', 'A Meta não respondeu. Tente de novo em instantes.');
    }
    const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { ok: response.ok && data !== null, status: response.status, body: data };
  }

  return {
    /** The number's approved templates, with their body and number of variables. */
    async list(number: CloudNumberSecrets): Promise<CloudTemplate[]> {
      const { token, wabaId } = opened(number);
      return graph.templates(token, wabaId);
    },

    /**
     * Submits a template for Meta's review (`POST /{WABA-ID}/message_templates`,
     * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates): Meta answers
     * `{id, status, category}` (PENDING while it reviews). A refusal is Meta's `error_user_msg` (else its
     * message), as a 400 for the owner: nothing was created.
     */
    async submit(
      number: CloudNumberSecrets,
      request: Record<string, unknown>,
    ): Promise<{ id: string; status: string; category: string }> {
      const { token, wabaId } = opened(number);
      const data = await graphJson('POST', `/${encodeURIComponent(wabaId)}/message_templates`, token, request);
      if (!data.ok) {
        const error = (data.body?.error ?? {}) as Record<string, unknown>;
        const said = [error.error_user_msg, error.message].find((m) => typeof m === 'string' && m) as
          string | undefined;
        throw new AppError(
          data.status >= 500 || !data.body ? 'UPSTREAM' : 'VALIDATION',
          said
            ? `A Meta recusou o modelo: ${said.slice(0, 300)}`
            : 'A Meta não respondeu. Tente enviar o modelo de novo.',
        );
      }
      const id = data.body?.id;
      if (typeof id !== 'string' && typeof id !== 'number')
        throw new AppError('UPSTREAM', 'A Meta não devolveu o modelo.');
      return {
        id: String(id),
        status: typeof data.body?.status === 'string' ? data.body.status : 'PENDING',
        category: typeof data.body?.category === 'string' ? data.body.category : 'MARKETING',
      };
    },

    /**
     * The number's quality rating as Meta holds it now (`GET /{PHONE_NUMBER_ID}?fields=quality_rating`:
     * GREEN, YELLOW, RED or UNKNOWN). YELLOW comes in no webhook (phone_number_quality_update says FLAGGED /
     * UNFLAGGED), so a campaign reads it while it sends (docs/decisions/078-campaign-reach-and-pause.md).
     * Null when Meta did not answer it.
     */
    async qualityRating(number: CloudNumberSecrets): Promise<string | null> {
      const { token, phoneNumberId } = opened(number);
      const data = await graphJson('GET', `/${encodeURIComponent(phoneNumberId)}?fields=quality_rating`, token);
      const rating = data.ok ? data.body?.quality_rating : null;
      return typeof rating === 'string' && rating ? rating : null;
    },

    /**
     * Every template of the WABA with its id, status and category (the poll behind the status webhook):
     * `GET /{WABA-ID}/message_templates?fields=id,name,language,status,category,rejected_reason`, every page.
     */
    async statuses(number: CloudNumberSecrets): Promise<TemplateStatus[]> {
      const { token, wabaId } = opened(number);
      const found: TemplateStatus[] = [];
      let after: string | null = null;
      for (let page = 0; page < 50; page++) {
        const query = new URLSearchParams({
          fields: 'id,name,language,status,category,rejected_reason',
          limit: '100',
          ...(after ? { after } : {}),
        });
        const data = await graphJson('GET', `/${encodeURIComponent(wabaId)}/message_templates?${query}`, token);
        if (!data.ok) throw new AppError('UPSTREAM', 'A Meta não devolveu os modelos.');
        for (const t of (data.body?.data as Record<string, unknown>[] | undefined) ?? [])
          if (typeof t.name === 'string' && typeof t.status === 'string')
            found.push({
              id: String(t.id ?? ''),
              name: t.name,
              language: String(t.language ?? ''),
              status: t.status,
              category: typeof t.category === 'string' ? t.category : null,
              reason: typeof t.rejected_reason === 'string' && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
            });
        const paging = (data.body?.paging ?? {}) as { next?: unknown; cursors?: { after?: unknown } };
        const cursor = paging.cursors?.after;
        if (typeof paging.next !== 'string' || typeof cursor !== 'string' || !cursor || cursor === after) break;
        after = cursor;
      }
      return found;
    },

    /**
     * Sends one template to a customer; Meta's message id (wamid). Called only by the one door out
     * (domain/outbound/send-outbound.ts, docs/decisions/046-one-door-out.md).
     */
    async sendTemplate(number: CloudNumberSecrets, to: string, template: TemplateSend): Promise<string> {
      const { token, phoneNumberId } = opened(number);
      const components = templateComponents(template);
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...cloudAddressee(to),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(components.length ? { components } : {}),
        },
      };
      const post = async (): Promise<SendAnswer> => {
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
        const data = (await response.json().catch(() => null)) as SendAnswer;
        if (response.ok) return data;
        // A refusal (Meta's error body, or any 429): sendPaced sends again only when it is about rate.
        throw new GraphRefusal(
          response.status,
          refusalText(data),
          data,
          data || response.status === 429 ? 'refused' : 'unknown',
          retryAfterMs(response.headers.get('retry-after') ?? undefined),
        );
      };
      const pacing = { pacer: options.pacer, backoffBaseMs: options.backoffBaseMs ?? 2_000 };
      const data = await sendPaced(pacing, phoneNumberId, toWaId(to), post).catch((err: unknown) => {
        if (!(err instanceof GraphRefusal)) throw err;
        if (err.outcome === 'unknown')
          throw new AppError(
            'UPSTREAM',
            'A Meta não confirmou o envio. Confira no WhatsApp antes de enviar o modelo de novo.',
          );
        throw new AppError('UPSTREAM', err.message);
      });
      const id = data?.messages?.[0]?.id;
      if (typeof id !== 'string' || !id) throw new AppError('UPSTREAM', refusalText(data));
      return id;
    },
  };
}

/** The owner's sentence for a template Meta refused, with Meta's code and reason when it gave them. */
function refusalText(data: SendAnswer): string {
  const error = data?.error;
  const detail =
    typeof error?.message === 'string'
      ? ` (${typeof error.code === 'number' ? `#${error.code} ` : ''}${error.message})`
      : '';
  return `A Meta recusou o modelo${detail}.`;
}

export type CloudTemplates = ReturnType<typeof createCloudTemplates>;
