import {
  simCloudAgeSchema,
  simCloudErrorsSchema,
  simCloudMessageViewSchema,
  simCloudNumberParamsSchema,
  simCloudNumberViewSchema,
  simCloudQualitySchema,
  simCloudRatingSchema,
  simCloudSendSchema,
  simCloudSignupResultSchema,
  simCloudSignupSchema,
  simCloudTemplateDecisionSchema,
  simCloudTemplateParamsSchema,
  simCloudTemplateViewSchema,
  simBsuidOf,
  type SimCloudSendInput,
} from '@vendai/contracts';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { SIM_INSTANCE_NOT_FOUND } from '../simulator-config.ts';
import type { GraphFake } from './graph-fake.ts';
import type { FakeMessage } from './graph-fake-state.ts';
import type { SubmittedTemplate } from './graph-fake-templates.ts';

export interface CloudPageAccess {
  accountOf(req: FastifyRequest): Promise<string | null>;
  /** The account's Cloud API numbers (phone number id, nickname). */
  numbersOf(accountId: string): Promise<{ id: string; name: string | null }[]>;
}

/** The app's page that receives the signup's code (the launcher's callback). */
const CALLBACK_PATH = '/connect/whatsapp/callback';

/**
 * The Cloud side of the 'Simulador de WhatsApp' page at /simulator/ui-api/cloud
 * (docs/decisions/036-cloud-signup-window-pacing.md): the Embedded Signup approval (a one-time code for the
 * callback), the account's Cloud numbers with their chats, a customer writing (a signed webhook), errors
 * queued for the next sends, and a chat's clock moved back (past Meta's 24-hour window). Signed out is 401;
 * another account's number is 404.
 */
export function cloudPageRoutes(fake: GraphFake, access: CloudPageAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const accounts = new WeakMap<FastifyRequest, string>();
    app.addHook('onRequest', async (req) => {
      const accountId = await access.accountOf(req);
      if (!accountId) throw new AppError('UNAUTHENTICATED');
      accounts.set(req, accountId);
    });
    const ownedNumber = async (req: FastifyRequest, phoneNumberId: string) => {
      const owned = (await access.numbersOf(accounts.get(req)!)).find((n) => n.id === phoneNumberId);
      const number = owned ? fake.state.numberOf(phoneNumberId) : null;
      if (!owned || !number) throw new AppError('NOT_FOUND', SIM_INSTANCE_NOT_FOUND);
      return { ...number, name: owned.name };
    };
    const view = (n: Awaited<ReturnType<typeof ownedNumber>>) => ({
      phoneNumberId: n.phoneNumberId,
      display: n.display,
      name: n.name,
      quality: n.quality,
      tier: n.tier,
      pendingErrors: fake.state.pendingErrors(n.phoneNumberId),
      typingTo: fake.state.typingTo(n.phoneNumberId),
    });
    const params = simCloudNumberParamsSchema;

    app.post(
      '/signup',
      { schema: { body: simCloudSignupSchema, response: { 200: simCloudSignupResultSchema } } },
      async (req) => {
        const code = fake.state.issueCode({ display: req.body.phone, verifiedName: req.body.name });
        const query = new URLSearchParams({ code, state: req.body.state });
        return { redirect: `${CALLBACK_PATH}?${query}` };
      },
    );

    app.get('/numbers', { schema: { response: { 200: z.array(simCloudNumberViewSchema) } } }, async (req) => {
      const owned = await access.numbersOf(accounts.get(req)!);
      return Promise.all(owned.map((n) => ownedNumber(req, n.id).then(view)));
    });

    app.get(
      '/numbers/:phoneNumberId/messages',
      { schema: { params, response: { 200: z.array(simCloudMessageViewSchema) } } },
      async (req) => {
        await ownedNumber(req, req.params.phoneNumberId);
        return fake.state.messagesOf(req.params.phoneNumberId).map(messageView);
      },
    );

    app.post(
      '/numbers/:phoneNumberId/messages',
      { schema: { params, body: simCloudSendSchema, response: { 201: simCloudMessageViewSchema } } },
      async (req, reply) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        const { waId, text, username, ad } = req.body;
        const name = req.body.name || (username ? '' : `Cliente ${waId.slice(-4)}`);
        const referral = ad ? adReferral(ad) : undefined;
        // A customer with a username and the phone hidden is known to the business by the BSUID alone.
        const sent = username
          ? fake.customerWrites(number, { waId: simBsuidOf(waId), text, name, username, referral })
          : fake.customerWrites(number, { waId, text, name, referral });
        return reply.status(201).send(messageView(sent));
      },
    );

    app.post(
      '/numbers/:phoneNumberId/age',
      { schema: { params, body: simCloudAgeSchema, response: { 200: simCloudNumberViewSchema } } },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        fake.state.ageChat(number.phoneNumberId, req.body.waId, req.body.hours * 3_600_000);
        return view(number);
      },
    );

    // The templates the app submitted for the number's WABA, and Meta's review played from the page or a test.
    app.get(
      '/numbers/:phoneNumberId/templates',
      { schema: { params, response: { 200: z.array(simCloudTemplateViewSchema) } } },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        return fake.submittedTemplates(number.wabaId).map(templateView);
      },
    );
    app.post(
      '/numbers/:phoneNumberId/templates/:templateId',
      {
        schema: {
          params: simCloudTemplateParamsSchema,
          body: simCloudTemplateDecisionSchema,
          response: { 200: simCloudTemplateViewSchema },
        },
      },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        const decided = fake.decideTemplate(number.wabaId, req.params.templateId, req.body);
        if (!decided) throw new AppError('NOT_FOUND', 'Modelo não encontrado.');
        return templateView(decided);
      },
    );

    // Meta's word on the number's quality (FLAGGED, UNFLAGGED, DOWNGRADE, UPGRADE): the signed
    // phone_number_quality_update webhook as Meta sends it; an event Meta would not send now is refused.
    app.post(
      '/numbers/:phoneNumberId/quality',
      { schema: { params, body: simCloudQualitySchema, response: { 200: simCloudNumberViewSchema } } },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        const updated = fake.qualityEvent(number, req.body.event);
        if (!updated)
          throw new AppError(
            'CONFLICT',
            'A Meta não envia este evento agora: o número já está assim ou no limite de mensagens extremo.',
          );
        return view({ ...updated, name: number.name });
      },
    );

    // The rating moves with no webhook (as Meta's YELLOW does): only GET …?fields=quality_rating tells.
    app.post(
      '/numbers/:phoneNumberId/quality-rating',
      { schema: { params, body: simCloudRatingSchema, response: { 200: simCloudNumberViewSchema } } },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        fake.state.setQuality(number.phoneNumberId, req.body.rating, number.tier);
        return view({ ...fake.state.numberOf(number.phoneNumberId)!, name: number.name });
      },
    );

    app.post(
      '/numbers/:phoneNumberId/errors',
      { schema: { params, body: simCloudErrorsSchema, response: { 200: simCloudNumberViewSchema } } },
      async (req) => {
        const number = await ownedNumber(req, req.params.phoneNumberId);
        fake.state.injectErrors(number.phoneNumberId, req.body.kind, req.body.count);
        return view(number);
      },
    );
  };
}

/**
 * Meta's `referral` of a message sent via a Click-to-WhatsApp ad (text message webhook reference:
 * source_url, source_id, source_type 'ad', body, headline, ctwa_clid; no ctwa_clid for an ad on WhatsApp
 * Status). No image: the simulator has no ad creative to point at, and nothing leaves the machine.
 */
function adReferral(ad: NonNullable<SimCloudSendInput['ad']>): Record<string, unknown> {
  const sourceId = ad.sourceId ?? String(120_200_000_000_000 + (hashOf(ad.headline) % 1_000_000));
  return {
    source_url: `https://fb.me/${sourceId}`,
    source_id: sourceId,
    source_type: 'ad',
    body: `${ad.headline} — fale com a gente no WhatsApp`,
    headline: ad.headline,
    ...(ad.noClickId ? {} : { ctwa_clid: `ARA${randomBytes(24).toString('base64url')}` }),
  };
}

function hashOf(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

function messageView(m: FakeMessage) {
  return {
    id: m.id,
    waId: m.waId,
    fromMe: m.fromMe,
    type: m.type,
    text: m.text,
    template: m.template ? { name: m.template.name, category: m.template.category } : null,
    at: new Date(m.at).toISOString(),
    status: m.status,
  };
}

function templateView(t: SubmittedTemplate) {
  const body = t.components.find((c) => c.type === 'BODY');
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    body: typeof body?.text === 'string' ? body.text : '',
    rejectedReason: t.rejectedReason,
  };
}
