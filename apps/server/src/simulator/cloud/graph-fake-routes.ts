import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { GraphFake } from './graph-fake.ts';
import type { FakeNumber, InjectedError } from './graph-fake-state.ts';
import { checkTemplateSend, templatesPage } from './graph-fake-templates.ts';
import { sendAddressee } from './graph-fake-addressee.ts';
import { checkInteractive } from './graph-fake-interactive.ts';

type Json = Record<string, unknown>;
/** Meta accepts up to 100 MB documents; the fake keeps what the app uploads in memory. */
const MEDIA_BODY_LIMIT = 20 * 1024 * 1024;
const graphAnswer = z.unknown().describe('Resposta no formato da Graph API da Meta');
const anyQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ version: z.string(), id: z.string() });
const edgeParams = idParams.extend({ edge: z.string() });

/** A Graph error as Meta answers it: `{error:{message, type, code, error_data:{details}, fbtrace_id}}`. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    /** Template creation's refusals also carry `error_user_title` and `error_user_msg`. */
    readonly user?: { title: string; msg: string },
  ) {
    super(message);
  }
}

const INJECTED: Record<InjectedError, GraphError> = {
  throughput: new GraphError(429, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
  'pair-rate': new GraphError(
    400,
    131056,
    '(Business Account, Consumer Account) pair rate limit hit',
    'Too many messages sent from this phone number to the same phone number in a short period of time.',
  ),
  server: new GraphError(500, 131000, 'Something went wrong'),
  // WhatsApp error codes (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/).
  'marketing-cap': new GraphError(
    400,
    131049,
    'This message was not delivered to maintain healthy ecosystem engagement.',
    'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  ),
  'marketing-stopped': new GraphError(
    400,
    131050,
    'User has stopped receipt of marketing messages',
    'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
  ),
};
const NOT_REGISTERED = new GraphError(
  400,
  133010,
  '(#133010) Account not registered',
  'The phone number is not registered on the WhatsApp Business Platform.',
);

/**
 * Free text past the 24-hour customer-service window, exactly as Meta refuses it
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes, test/fixtures/meta-cloud/send-errors.json
 * `reEngagement`): only a template may go then.
 */
const RE_ENGAGEMENT = new GraphError(
  400,
  131047,
  '(#131047) Re-engagement message',
  'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
);

/** A six-digit two-step verification PIN from a request body, or Meta's code-100 refusal. */
function pinOf(body: Json): string {
  const pin = body.pin;
  if (typeof pin !== 'string' || !/^\d{6}$/.test(pin))
    throw new GraphError(400, 100, '(#100) Invalid parameter', 'Param pin must be 6 characters long.');
  return pin;
}

/**
 * The Graph API surface the app uses, served by the simulator at /simulator/graph/{version}
 * (docs/decisions/036-cloud-signup-window-pacing.md): the Embedded Signup code exchange and token debug, the
 * WABA's phone numbers, templates and app subscription, a number's fields (quality rating, messaging
 * limit), registration with a two-step verification PIN and the PIN itself, sends (text, media, template,
 * read + typing) with status webhooks — refused with #133010 until the number is registered —, media upload
 * and download, and the errors the page queued (130429, 131056, 131000). Tokens are the fake's own. Contract:
 * apps/server/test/fixtures/meta-cloud/ (Meta's documented shapes, each with its page).
 */
export function graphFakeRoutes(fake: GraphFake): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler((err, _req, reply) => {
      if (err instanceof GraphError) return reply.status(err.status).send(graphError(err));
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      return reply.status(status).send(graphError(new GraphError(status, 100, (err as Error).message)));
    });
    app.addContentTypeParser(
      /^multipart\/form-data/,
      { parseAs: 'buffer', bodyLimit: MEDIA_BODY_LIMIT },
      (req, body, done) => {
        new Response(body as Buffer, { headers: { 'content-type': String(req.headers['content-type']) } })
          .formData()
          .then((form) => done(null, form))
          .catch(() => done(new GraphError(400, 100, 'Invalid multipart body')));
      },
    );

    const scopeOf = (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const scope = fake.state.tokenScope(header?.startsWith('Bearer ') ? header.slice(7) : undefined);
      if (!scope) throw new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      return scope;
    };
    const numberFor = (req: FastifyRequest, id: string): FakeNumber => {
      const scope = scopeOf(req);
      const number = fake.state.numberOf(id);
      if (!number || scope.n !== id)
        throw new GraphError(400, 100, `Unsupported request - Object with ID '${id}' does not exist`);
      return number;
    };
    const wabaFor = (req: FastifyRequest, id: string) => {
      if (scopeOf(req).w !== id)
        throw new GraphError(400, 100, `Unsupported request - Object with ID '${id}' does not exist`);
      return id;
    };
    const schema = (params: z.ZodType) => ({ params, querystring: anyQuery, response: { 200: graphAnswer } });

    app.get(
      '/:version/oauth/access_token',
      { schema: { querystring: anyQuery, response: { 200: graphAnswer } } },
      async (req) => {
        const q = req.query as Json;
        if (q.client_secret !== fake.appSecret) throw new GraphError(400, 1, 'Error validating client secret.');
        const token = fake.state.redeemCode(String(q.code ?? ''));
        if (!token) throw new GraphError(400, 100, 'This authorization code has been used or has expired.');
        return { access_token: token, token_type: 'bearer' };
      },
    );

    app.get(
      '/:version/debug_token',
      { schema: { querystring: anyQuery, response: { 200: graphAnswer } } },
      async (req) => {
        const scope = fake.state.tokenScope(String((req.query as Json).input_token ?? ''));
        if (!scope) return { data: { is_valid: false } };
        const scopes = ['whatsapp_business_management', 'whatsapp_business_messaging'];
        return {
          data: {
            app_id: fake.appId,
            type: 'SYSTEM_USER',
            is_valid: true,
            scopes,
            granular_scopes: scopes.map((scope_) => ({ scope: scope_, target_ids: [scope.w] })),
          },
        };
      },
    );

    app.get('/:version/:id', { schema: schema(idParams) }, async (req) => {
      const { id } = req.params as { id: string };
      const media = fake.state.mediaOf(id);
      if (media) {
        scopeOf(req);
        return {
          messaging_product: 'whatsapp',
          url: `${fake.graphRoot}/files/${id}`,
          mime_type: media.mimetype,
          sha256: createHash('sha256').update(media.bytes).digest('hex'),
          file_size: media.bytes.length,
          id,
        };
      }
      return phoneNumberFields(numberFor(req, id));
    });

    // Two-step verification: POST /{phone-number-id} with {pin} sets the number's PIN.
    app.post(
      '/:version/:id',
      { schema: { params: idParams, body: z.unknown(), response: { 200: graphAnswer } } },
      async (req) => {
        const number = numberFor(req, (req.params as { id: string }).id);
        fake.state.setPin(number.phoneNumberId, pinOf((req.body ?? {}) as Json));
        return { success: true };
      },
    );

    app.get(
      '/files/:id',
      { schema: { params: z.object({ id: z.string() }), response: { 200: graphAnswer } } },
      async (req, reply) => {
        scopeOf(req);
        const media = fake.state.mediaOf((req.params as { id: string }).id);
        if (!media) throw new GraphError(404, 100, 'Media not found');
        return reply.type(media.mimetype).send(media.bytes);
      },
    );

    app.get('/:version/:id/:edge', { schema: schema(edgeParams) }, async (req) => {
      const { id, edge } = req.params as { id: string; edge: string };
      if (edge === 'phone_numbers') return { data: fake.state.wabaNumbers(wabaFor(req, id)).map(phoneNumberFields) };
      if (edge === 'message_templates') {
        wabaFor(req, id);
        const { after } = req.query as { after?: string };
        const root = `${fake.graphRoot}/${(req.params as { version: string }).version}`;
        return templatesPage(after, root, id, fake.submittedTemplates(id));
      }
      if (edge === 'subscribed_apps') {
        wabaFor(req, id);
        return { data: fake.isSubscribed(id) ? [{ whatsapp_business_api_data: { id: fake.appId } }] : [] };
      }
      throw new GraphError(400, 100, `Unknown path components: /${edge}`);
    });

    app.post(
      '/:version/:id/:edge',
      {
        bodyLimit: MEDIA_BODY_LIMIT,
        schema: { params: edgeParams, body: z.unknown(), response: { 200: graphAnswer } },
      },
      async (req, reply: FastifyReply) => {
        const { id, edge } = req.params as { id: string; edge: string };
        if (edge === 'subscribed_apps') {
          fake.subscribe(wabaFor(req, id));
          return { success: true };
        }
        if (edge === 'message_templates') {
          const created = fake.createTemplate(wabaFor(req, id), (req.body ?? {}) as Json);
          if (!('id' in created))
            throw new GraphError(created.status, created.code, created.message, undefined, {
              title: created.userTitle,
              msg: created.userMsg,
            });
          return { id: created.id, status: created.status, category: created.category };
        }
        const number = numberFor(req, id);
        const body = (req.body ?? {}) as Json;
        if (edge === 'register') {
          if (body.messaging_product !== 'whatsapp')
            throw new GraphError(400, 100, '(#100) The parameter messaging_product is required.');
          if (fake.state.register(number.phoneNumberId, pinOf(body)) === 'pin-mismatch')
            throw new GraphError(
              400,
              133005,
              '(#133005) Two step verification PIN Mismatch',
              'Two step verification PIN incorrect.',
            );
          return { success: true };
        }
        if (edge === 'media') return { id: await fake.upload(req.body) };
        if (edge !== 'messages') throw new GraphError(400, 100, `Unknown path components: /${edge}`);
        if (!fake.state.isRegistered(number.phoneNumberId)) throw NOT_REGISTERED;
        if (body.status === 'read') {
          if (body.typing_indicator) fake.state.startTyping(number.phoneNumberId, String(body.message_id ?? ''));
          return { success: true };
        }
        const addressee = sendAddressee(body);
        if (!('address' in addressee))
          throw new GraphError(addressee.status, addressee.code, addressee.message, addressee.details);
        if (body.type !== 'template' && fake.state.windowClosed(number.phoneNumberId, addressee.address))
          throw RE_ENGAGEMENT;
        if (body.type === 'interactive') {
          const refused = checkInteractive((body.interactive ?? {}) as Json);
          if (refused) throw new GraphError(refused.status, refused.code, refused.message, refused.details);
        }
        if (body.type === 'template') {
          const checked = checkTemplateSend((body.template ?? {}) as Json, fake.submittedTemplates(number.wabaId));
          if (!('template' in checked))
            throw new GraphError(checked.status, checked.code, checked.message, checked.details);
        }
        const injected = fake.state.takeError(number.phoneNumberId);
        if (injected) throw INJECTED[injected];
        const sent = fake.send(number, body, addressee.address);
        // A send to a BSUID is answered with its user_id and no wa_id (Meta keeps the phone).
        const input = String(addressee.kind === 'phone' ? body.to : body.recipient);
        return reply.send({
          messaging_product: 'whatsapp',
          contacts: [addressee.kind === 'phone' ? { input, wa_id: sent.waId } : { input, user_id: sent.waId }],
          messages: [{ id: sent.id, ...(sent.template ? { message_status: 'accepted' } : {}) }],
        });
      },
    );
  };
}

function phoneNumberFields(number: FakeNumber) {
  return {
    id: number.phoneNumberId,
    display_phone_number: `+${number.display}`,
    verified_name: number.verifiedName,
    quality_rating: number.quality,
    messaging_limit_tier: number.tier,
    code_verification_status: 'VERIFIED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
  };
}

function graphError(err: GraphError) {
  return {
    error: {
      message: err.message,
      type: 'OAuthException',
      code: err.code,
      ...(err.user ? { is_transient: false, error_user_title: err.user.title, error_user_msg: err.user.msg } : {}),
      ...(err.details ? { error_data: { messaging_product: 'whatsapp', details: err.details } } : {}),
      fbtrace_id: 'SIMULADOR',
    },
  };
}

export { GraphError };
