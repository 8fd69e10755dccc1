/**
 * The Graph API calls that finish Meta's Embedded Signup on the server
 * (docs/decisions/036-cloud-signup-window-pacing.md): the dialog's code → a business token
 * (`GET /oauth/access_token` with the app secret), the WhatsApp Business Accounts the token was granted
 * (`GET /debug_token` → granular_scopes), the account's phone numbers with their quality rating and
 * messaging limit, the app's subscription to the account's webhooks (`POST /{waba-id}/subscribed_apps`)
 * and the account's approved message templates. Errors are Portuguese sentences for the owner.
 */
import { AppError } from '../../lib/app-error.ts';

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

export interface CloudTemplate {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  body: string;
  /** How many {{n}} variables the body has. */
  variables: number;
}

const PHONE_FIELDS = 'id,display_phone_number,verified_name,quality_rating,messaging_limit_tier';
const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;

export function createCloudSignup(options: CloudSignupOptions) {
  const root = `${options.graphUrl.replace(/\/+$/, '')}/${options.graphVersion}`;

  async function graph(method: 'GET' | 'POST', path: string, query: Record<string, string>, token?: string) {
    const url = `${root}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch {
      throw new AppError('UPSTREAM', 'A Meta não respondeu. Tente conectar de novo em instantes.');
    }
    const data = (await response.json().catch(() => null)) as Json | null;
    if (!response.ok || !data) {
      const error = (data?.error ?? {}) as Json;
      const detail = typeof error.message === 'string' ? ` (${error.message})` : '';
      throw new AppError('UPSTREAM', `A Meta recusou o pedido${detail}. Tente conectar de novo.`);
    }
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

    /** The account's approved templates, with their body text and number of variables. */
    async templates(token: string, wabaId: string): Promise<CloudTemplate[]> {
      const data = await graph(
        'GET',
        `/${encodeURIComponent(wabaId)}/message_templates`,
        { fields: 'name,language,status,category,components', limit: '100' },
        token,
      );
      return ((data.data as Json[] | undefined) ?? []).filter((t) => t.status === 'APPROVED').flatMap(templateOf);
    },
  };
}

export type CloudSignup = ReturnType<typeof createCloudSignup>;

function phoneOf(n: Json): Omit<CloudPhoneNumber, 'wabaId'> {
  return {
    phoneNumberId: String(n.id ?? ''),
    display: String(n.display_phone_number ?? '').replace(/\D/g, ''),
    verifiedName: typeof n.verified_name === 'string' ? n.verified_name : null,
    qualityRating: typeof n.quality_rating === 'string' ? n.quality_rating : null,
    messagingLimit: typeof n.messaging_limit_tier === 'string' ? n.messaging_limit_tier : null,
  };
}

function templateOf(t: Json): CloudTemplate[] {
  const category = CATEGORIES.find((c) => c === t.category);
  const body = ((t.components as Json[] | undefined) ?? []).find((c) => c.type === 'BODY')?.text;
  if (!category || typeof t.name !== 'string' || typeof body !== 'string') return [];
  const variables = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
  return [{ name: t.name, language: String(t.language ?? 'pt_BR'), category, body, variables }];
}
