import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freeBusyWindow, type ListQuery, StandinCalendar, type StandinEvent } from './calendar.ts';
import { consentPage, type StandinClient } from './consent-page.ts';
import { GoogleApiError, invalidCredentials, notFound, OAuthError } from './google-errors.ts';

export type { StandinEvent } from './calendar.ts';
export type { StandinClient } from './consent-page.ts';

export const GCAL_STANDIN_IN_PRODUCTION =
  'O Google Agenda local (stand-in) nunca é ligado em produção: configure o cliente OAuth do Google.';

/** The scope VendAI asks for (read and write events; https://developers.google.com/calendar/api/auth). */
export const CALENDAR_EVENTS_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const CALENDAR_SCOPES = [CALENDAR_EVENTS_SCOPE, 'https://www.googleapis.com/auth/calendar'];

export interface GcalStandinOptions {
  clients: StandinClient[];
  /** The stand-in's clock (access tokens expire after 3599 s of it). */
  clock?: () => Date;
  nodeEnv?: string;
}

export interface GcalStandin {
  /** http://127.0.0.1:<port>: the Calendar API's root (`/calendar/v3/…`), `/token` and `/o/oauth2/v2/auth`. */
  baseUrl: string;
  authUrl: string;
  tokenUrl: string;
  /** What the consent page's 'Permitir' does: a code for `email`, as Google redirects with it. */
  authorize(o: { clientId: string; redirectUri: string; email: string; scope?: string; offline?: boolean }): string;
  /** The account's primary calendar (made on first use), e.g. to add an event 'in Google' by hand. */
  calendar(email: string): StandinCalendar;
  /** The account removed VendAI's access (refresh and access tokens stop working). */
  revoke(email: string): void;
  /** Every access token expires now (the client must refresh). */
  expireAccessTokens(): void;
  /** Each request the API received (method, path, status), for tests. */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  email: string;
  scope: string;
}

const ACCESS_TOKEN_SECONDS = 3599;
const CODE_SECONDS = 600;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * Starts the local Google Calendar stand-in on 127.0.0.1 (a free port): Google's OAuth 2.0 endpoints
 * (https://developers.google.com/identity/protocols/oauth2/web-server) and the Calendar API v3 resources
 * VendAI uses. Refuses to start in production.
 */
export async function startGcalStandin(o: GcalStandinOptions): Promise<GcalStandin> {
  if (o.nodeEnv === 'production') throw new Error(GCAL_STANDIN_IN_PRODUCTION);
  const clock = o.clock ?? (() => new Date());
  let changes = 0;
  const tick = () => ++changes;
  const calendars = new Map<string, StandinCalendar>();
  const codes = new Map<string, Grant & { redirectUri: string; offline: boolean; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const requests: GcalStandin['requests'] = [];

  const calendarOf = (email: string) => {
    let c = calendars.get(email);
    if (!c) calendars.set(email, (c = new StandinCalendar(email, clock, tick)));
    return c;
  };
  const clientOf = (id: string | undefined) => o.clients.find((c) => c.clientId === id);

  const authorize: GcalStandin['authorize'] = ({ clientId, redirectUri, email, scope, offline = true }) => {
    const code = `4/${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      clientId,
      redirectUri,
      email,
      scope: scope ?? CALENDAR_EVENTS_SCOPE,
      offline,
      expiresAt: clock().getTime() + CODE_SECONDS * 1000,
    });
    return code;
  };

  const issueAccess = (grant: Grant) => {
    const token = `ya29.${randomBytes(32).toString('base64url')}`;
    accessTokens.set(token, { ...grant, expiresAt: clock().getTime() + ACCESS_TOKEN_SECONDS * 1000 });
    return token;
  };

  /** POST /token (RFC 6749 sections 4.1.3 and 6; Google's refusals). */
  const token = (form: URLSearchParams, basic: string | undefined) => {
    let clientId = form.get('client_id') ?? undefined;
    let clientSecret = form.get('client_secret') ?? undefined;
    if (basic) [clientId, clientSecret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    const grantType = form.get('grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    const client = clientOf(clientId);
    if (!client) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (client.clientSecret !== clientSecret) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      if (!code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
      const grant = codes.get(code);
      // A code is used once (RFC 6749 section 4.1.2).
      codes.delete(code);
      if (!grant || grant.clientId !== client.clientId || grant.expiresAt < clock().getTime())
        throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
      if (form.get('redirect_uri') !== grant.redirectUri)
        throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
      const refresh = grant.offline ? `1//${randomBytes(32).toString('base64url')}` : undefined;
      if (refresh) refreshTokens.set(refresh, grant);
      return {
        access_token: issueAccess(grant),
        expires_in: ACCESS_TOKEN_SECONDS,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: grant.scope,
        token_type: 'Bearer',
      };
    }
    const refresh = form.get('refresh_token');
    if (!refresh) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = refreshTokens.get(refresh);
    if (!grant || grant.clientId !== client.clientId)
      throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return {
      access_token: issueAccess(grant),
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scope,
      token_type: 'Bearer',
    };
  };

  /** The account behind a request's bearer token (401 as Google answers it otherwise). */
  const caller = (req: http.IncomingMessage): Grant => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer '))
      throw new GoogleApiError(
        401,
        'required',
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'global',
        { type: 'header', name: 'Authorization' },
      );
    const grant = accessTokens.get(header.slice('Bearer '.length).trim());
    if (!grant || grant.expiresAt <= clock().getTime()) throw invalidCredentials();
    if (!grant.scope.split(' ').some((s) => CALENDAR_SCOPES.includes(s)))
      throw new GoogleApiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    return grant;
  };

  const calendarFor = (grant: Grant, calendarId: string) => {
    const id = decodeURIComponent(calendarId);
    if (id !== 'primary' && id !== grant.email) throw notFound();
    return calendarOf(grant.email);
  };

  const json = (body: string): Partial<StandinEvent> & Record<string, unknown> => {
    try {
      const parsed = JSON.parse(body || '{}') as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Partial<StandinEvent>;
    } catch {
      // fall through
    }
    throw new GoogleApiError(400, 'parseError', 'Parse Error');
  };

  /** The Calendar API v3 (https://developers.google.com/calendar/api/v3/reference). */
  const api = async (req: http.IncomingMessage, url: URL, body: string): Promise<[number, unknown]> => {
    const grant = caller(req);
    const path = url.pathname.replace(/^\/calendar\/v3/, '');
    if (req.method === 'POST' && path === '/freeBusy') {
      const q = json(body) as { timeMin?: string; timeMax?: string; items?: { id: string }[] };
      const { min, max } = freeBusyWindow(q.timeMin, q.timeMax);
      const result: Record<string, unknown> = {};
      for (const { id } of q.items ?? []) {
        result[id] =
          id === 'primary' || id === grant.email
            ? { busy: calendarOf(grant.email).busy(min, max) }
            : { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      }
      return [200, { kind: 'calendar#freeBusy', timeMin: q.timeMin, timeMax: q.timeMax, calendars: result }];
    }
    const cal = /^\/calendars\/([^/]+)$/.exec(path);
    if (cal && req.method === 'GET') {
      const c = calendarFor(grant, cal[1]!);
      return [200, { kind: 'calendar#calendar', id: c.id, summary: c.id, timeZone: 'America/Sao_Paulo' }];
    }
    const list = /^\/calendars\/([^/]+)\/events$/.exec(path);
    if (list) {
      const c = calendarFor(grant, list[1]!);
      if (req.method === 'POST') return [200, c.insert(json(body))];
      if (req.method === 'GET') {
        const p = url.searchParams;
        const q: ListQuery = {
          ...(p.has('timeMin') ? { timeMin: p.get('timeMin')! } : {}),
          ...(p.has('timeMax') ? { timeMax: p.get('timeMax')! } : {}),
          ...(p.has('syncToken') ? { syncToken: p.get('syncToken')! } : {}),
          ...(p.has('pageToken') ? { pageToken: p.get('pageToken')! } : {}),
          ...(p.has('maxResults') ? { maxResults: Number(p.get('maxResults')) } : {}),
          showDeleted: p.get('showDeleted') === 'true',
          otherFilters: ['q', 'updatedMin', 'orderBy', 'iCalUID', 'privateExtendedProperty'].filter((k) => p.has(k)),
        };
        return [200, c.list(q)];
      }
    }
    const one = /^\/calendars\/([^/]+)\/events\/([^/]+)$/.exec(path);
    if (one) {
      const c = calendarFor(grant, one[1]!);
      const id = decodeURIComponent(one[2]!);
      if (req.method === 'GET') return [200, c.get(id)];
      if (req.method === 'PATCH') return [200, c.patch(id, json(body))];
      if (req.method === 'DELETE') {
        c.delete(id);
        return [204, null];
      }
    }
    throw notFound();
  };

  const approve = (form: URLSearchParams): string => {
    const redirectUri = form.get('redirect_uri') ?? '';
    const client = clientOf(form.get('client_id') ?? undefined);
    if (!client || !client.redirectUris.includes(redirectUri))
      throw new OAuthError(400, 'invalid_request', 'Bad Request');
    const code = authorize({
      clientId: client.clientId,
      redirectUri,
      email: (form.get('email') ?? '').trim().toLowerCase() || 'profissional@example.com',
      scope: form.get('scope') ?? CALENDAR_EVENTS_SCOPE,
      offline: form.get('access_type') === 'offline',
    });
    const to = new URL(redirectUri);
    to.searchParams.set('code', code);
    if (form.get('state')) to.searchParams.set('state', form.get('state')!);
    to.searchParams.set('scope', form.get('scope') ?? CALENDAR_EVENTS_SCOPE);
    return to.toString();
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      let status = 500;
      try {
        if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
          const [s, type, html] = consentPage(url, clientOf);
          status = s;
          res.writeHead(s, { 'content-type': `${type}; charset=utf-8` }).end(html);
        } else if (req.method === 'POST' && url.pathname === '/o/oauth2/v2/auth/approve') {
          status = 302;
          res.writeHead(302, { location: approve(new URLSearchParams(body)) }).end();
        } else if (req.method === 'POST' && url.pathname === '/token') {
          const basic = req.headers.authorization?.startsWith('Basic ')
            ? req.headers.authorization.slice(6)
            : undefined;
          const out = JSON.stringify(token(new URLSearchParams(body), basic));
          status = 200;
          res.writeHead(200, { 'content-type': 'application/json' }).end(out);
        } else if (url.pathname.startsWith('/calendar/v3/')) {
          const [s, out] = await api(req, url, body);
          status = s;
          if (out === null) res.writeHead(s).end();
          else res.writeHead(s, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(out));
        } else {
          throw notFound();
        }
      } catch (err) {
        if (err instanceof GoogleApiError) {
          status = err.code;
          res
            .writeHead(err.code, { 'content-type': 'application/json; charset=UTF-8' })
            .end(JSON.stringify(err.body()));
        } else if (err instanceof OAuthError) {
          status = err.status;
          res.writeHead(err.status, { 'content-type': 'application/json' }).end(JSON.stringify(err.body()));
        } else {
          res.writeHead(500).end();
        }
      } finally {
        requests.push({ method: req.method ?? '', path: url.pathname, status });
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    authUrl: `${baseUrl}/o/oauth2/v2/auth`,
    tokenUrl: `${baseUrl}/token`,
    authorize,
    calendar: calendarOf,
    revoke(email) {
      for (const [k, g] of refreshTokens) if (g.email === email) refreshTokens.delete(k);
      for (const [k, g] of accessTokens) if (g.email === email) accessTokens.delete(k);
    },
    expireAccessTokens() {
      for (const g of accessTokens.values()) g.expiresAt = 0;
    },
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
