/**
 * The Graph API calls that finish Meta's Embedded Signup on the server
 * (docs/decisions/036-cloud-signup-window-pacing.md): the dialog's code → a business token
 * (`GET /oauth/access_token` with the app secret), the WhatsApp Business Accounts the token was granted
 * (`GET /debug_token` → granular_scopes), the account's phone numbers with their quality rating and
 * messaging limit, the app's subscription to the account's webhooks (`POST /{waba-id}/subscribed_apps`)
 * the account's approved message templates, and the number's registration for Cloud API use
 * (`POST /{phone-number-id}/register` with a six-digit two-step verification PIN,
 * docs/decisions/053-cloud-registration-window-standby.md). Errors are Portuguese sentences for the owner:
 * a code already used or expired is the owner's to redo (a 4xx), never a server error.
 */
import { AppError } from '../../lib/app-error.ts';
import { graphErrorAdvice } from './delivery-failure-text.ts';

type Json = Record<string, unknown>;

export interface CloudSignupOptions {
  graphUrl: string;
  graphVersion: string;
  appId: string | undefined;
  appSecret: string | undefined;
  timeoutMs?: number;
}

export interface CloudPhoneNumber {
  phoneNumberId: string;
  wabaId: string;
  /** Digits only. */
  display: string;
  verifiedName: string | null;
  qualityRating: string | null;
  messagingLimit: string | null;
}

/**
 * One approved template as VendAI uses it (Meta's components,
 * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components):
 * the body with positional {{1}} or named {{first_name}} parameters (`parameter_format`), a header of text
 * (with at most one variable) or media, and buttons (a URL one may end with a variable).
 */
export interface CloudTemplate {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  body: string;
  /** How many variables the body has ({{n}}, or named ones). */
  variables: number;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** NAMED: the body's parameter names in order of first appearance (the values go in this order). */
  bodyNames: string[];
  /** The header: its format, its text (TEXT) and the name of its one variable ('1', or a name); null: none. */
  header: {
    format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
    text: string | null;
    variable: string | null;
  } | null;
  /** The buttons in Meta's order; `variable` when a URL button ends with {{1}}. */
  buttons: { type: string; text: string; url: string | null; variable: boolean }[];
}

/** Pages of templates read at most (Meta's page is up to 100; a WABA has up to 250 templates per language…). */
const MAX_TEMPLATE_PAGES = 50;

const PHONE_FIELDS = 'id,display_phone_number,verified_name,quality_rating,messaging_limit_tier';
const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;

export function createCloudSignup(options: CloudSignupOptions) {
  const root = `${options.graphUrl.replace(/\/+$/, '')}/${options.graphVersion}`;

  async function graph(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    token?: string,
    body?: Json,
  ): Promise<Json> {
    const url = `${root}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch {
      throw new AppError('UPSTREAM', 'A Meta não respondeu. Tente conectar de novo em instantes.');
    }
    const data = (await response.json().catch(() => null)) as Json | null;
    if (!response.ok || !data) throw new GraphSignupError(response.status, (data?.error ?? {}) as Json);
    return data;
  }

  const configured = () => {
    if (!options.appId || !options.appSecret)
      throw new AppError('NOT_CONFIGURED', 'A conexão pela API oficial da Meta não está configurada neste servidor.');
    return { appId: options.appId, appSecret: options.appSecret };
  };

  return {
    /** The dialog's one-time code → the business token. */
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const { appId, appSecret } = configured();
      const data = await graph('GET', '/oauth/access_token', {
        client_id: appId,
        client_secret: appSecret,
        code,
        redirect_uri: redirectUri,
      }).catch((err: unknown) => {
        // Meta refuses a code redeemed twice or expired with OAuthException code 100 (subcode 36009/36007):
        // the owner starts the signup again; anything else is Meta's or the server's problem.
        if (err instanceof GraphSignupError && err.graphCode === 100) throw new AppError('VALIDATION', CODE_USED);
        throw err;
      });
      if (typeof data.access_token !== 'string') throw new AppError('UPSTREAM', 'A Meta não devolveu o acesso.');
      return data.access_token;
    },

    /** The WhatsApp Business Accounts the token manages. */
    async wabaIds(token: string): Promise<string[]> {
      const { appId, appSecret } = configured();
      const data = await graph('GET', '/debug_token', { input_token: token, access_token: `${appId}|${appSecret}` });
      const scopes = (((data.data as Json | undefined)?.granular_scopes as Json[] | undefined) ?? []).filter(
        (s) => s.scope === 'whatsapp_business_management',
      );
      return [...new Set(scopes.flatMap((s) => (s.target_ids as string[] | undefined) ?? []))];
    },

    async phoneNumbers(token: string, wabaId: string): Promise<CloudPhoneNumber[]> {
      const data = await graph('GET', `/${encodeURIComponent(wabaId)}/phone_numbers`, { fields: PHONE_FIELDS }, token);
      return ((data.data as Json[] | undefined) ?? []).map((n) => ({ ...phoneOf(n), wabaId }));
    },

    /** The number's current quality rating and messaging limit. */
    async phoneNumber(token: string, phoneNumberId: string): Promise<Omit<CloudPhoneNumber, 'wabaId'>> {
      return phoneOf(await graph('GET', `/${encodeURIComponent(phoneNumberId)}`, { fields: PHONE_FIELDS }, token));
    },

    /** The app receives the account's webhooks from now on. */
    async subscribe(token: string, wabaId: string): Promise<void> {
      await graph('POST', `/${encodeURIComponent(wabaId)}/subscribed_apps`, {}, token);
    },

    /**
     * Registers the number for Cloud API use with `pin` as its two-step verification PIN. A number that
     * already has another PIN (#133005: connected before, by VendAI or another provider) gets `pin` set
     * first (`POST /{phone-number-id}` with `pin`, which needs no old PIN) and is registered again.
     */
    async register(token: string, phoneNumberId: string, pin: string): Promise<void> {
      const path = `/${encodeURIComponent(phoneNumberId)}`;
      const register = () => graph('POST', `${path}/register`, {}, token, { messaging_product: 'whatsapp', pin });
      try {
        await register();
      } catch (err) {
        if (!(err instanceof GraphSignupError) || err.graphCode !== PIN_MISMATCH) throw err;
        await graph('POST', path, {}, token, { pin });
        await register();
      }
    },

    /**
     * The account's approved templates, every page: Meta pages the list (`paging.cursors.after`, with
     * `paging.next` while more pages exist); the next page is asked of the same Graph root with the cursor,
     * never of the address in `next` (the token goes only where META_GRAPH_URL points).
     */
    async templates(token: string, wabaId: string): Promise<CloudTemplate[]> {
      const found: CloudTemplate[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_TEMPLATE_PAGES; page++) {
        const data = await graph(
          'GET',
          `/${encodeURIComponent(wabaId)}/message_templates`,
          {
            fields: 'name,language,status,category,parameter_format,components',
            limit: '100',
            ...(after ? { after } : {}),
          },
          token,
        );
        found.push(
          ...((data.data as Json[] | undefined) ?? []).filter((t) => t.status === 'APPROVED').flatMap(templateOf),
        );
        const paging = (data.paging ?? {}) as { next?: unknown; cursors?: { after?: unknown } };
        const cursor = paging.cursors?.after;
        if (typeof paging.next !== 'string' || typeof cursor !== 'string' || !cursor || cursor === after) break;
        after = cursor;
      }
      return found;
    },
  };
}

export type CloudSignup = ReturnType<typeof createCloudSignup>;

const PIN_MISMATCH = 133005;
const CODE_USED =
  'Este código de autorização da Meta já foi usado ou expirou. Comece a conexão de novo: clique em "Conectar com o WhatsApp Business".';

/** A Graph refusal during the signup: an owner-facing AppError (UPSTREAM unless Meta's code says otherwise). */
class GraphSignupError extends AppError {
  readonly graphCode: number | null;
  constructor(status: number, error: Json) {
    const code = typeof error.code === 'number' ? error.code : null;
    const advice = graphErrorAdvice(code);
    const detail = typeof error.message === 'string' ? ` (${error.message.slice(0, 160)})` : '';
    super(
      advice && status < 500 ? 'VALIDATION' : 'UPSTREAM',
      advice ?? `A Meta recusou o pedido${detail}. Tente conectar de novo.`,
    );
    this.graphCode = code;
  }
}

function phoneOf(n: Json): Omit<CloudPhoneNumber, 'wabaId'> {
  return {
    phoneNumberId: String(n.id ?? ''),
    display: String(n.display_phone_number ?? '').replace(/\D/g, ''),
    verifiedName: typeof n.verified_name === 'string' ? n.verified_name : null,
    qualityRating: typeof n.quality_rating === 'string' ? n.quality_rating : null,
    messagingLimit: typeof n.messaging_limit_tier === 'string' ? n.messaging_limit_tier : null,
  };
}

const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;

/** The distinct variables of a component's text, in order of first appearance: '1', '2'… or names. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!))];
}

function templateOf(t: Json): CloudTemplate[] {
  const category = CATEGORIES.find((c) => c === t.category);
  const components = (t.components as Json[] | undefined) ?? [];
  const body = components.find((c) => c.type === 'BODY')?.text;
  if (!category || typeof t.name !== 'string' || typeof body !== 'string') return [];
  const bodyVariables = templateVariables(body);
  const parameterFormat = t.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL';
  const head = components.find((c) => c.type === 'HEADER');
  const format = HEADER_FORMATS.find((f) => f === head?.format);
  const headText = typeof head?.text === 'string' ? head.text : null;
  const buttons = ((components.find((c) => c.type === 'BUTTONS')?.buttons as Json[] | undefined) ?? []).map((b) => {
    const url = typeof b.url === 'string' ? b.url : null;
    return {
      type: String(b.type ?? ''),
      text: String(b.text ?? ''),
      url,
      variable: b.type === 'URL' && url !== null && templateVariables(url).length > 0,
    };
  });
  return [
    {
      name: t.name,
      language: String(t.language ?? 'pt_BR'),
      category,
      body,
      variables: bodyVariables.length,
      parameterFormat,
      bodyNames: parameterFormat === 'NAMED' ? bodyVariables : [],
      header: format
        ? { format, text: headText, variable: headText ? (templateVariables(headText)[0] ?? null) : null }
        : null,
      buttons,
    },
  ];
}
