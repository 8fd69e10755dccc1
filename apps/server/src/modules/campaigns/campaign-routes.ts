import {
  audiencePreviewInputSchema,
  audiencePreviewSchema,
  CAMPAIGN_MESSAGES,
  campaignDtoSchema,
  campaignInputSchema,
  campaignListSchema,
  campaignSettingsSchema,
  campaignSuggestionInputSchema,
  campaignSuggestionSchema,
  campaignTemplateDtoSchema,
  campaignTemplateInputSchema,
  campaignTemplateListSchema,
  campaignTemplateQuerySchema,
  consentImportInputSchema,
  consentImportResultSchema,
  consentInputSchema,
  consentStateSchema,
  idParamsSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { OPEN_TO_TEAM, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { selectWeeklyCap, upsertWeeklyCap } from './audience-repository.ts';
import { actOnCampaign, createCampaign, getCampaign, listCampaigns, previewAudience } from './campaigns-service.ts';
import { getConsent, importConsents, recordConsent, withdrawConsent } from './consent-service.ts';
import { suggestCampaignText } from './suggest-text.ts';
import { listTemplates, submitTemplate } from './template-service.ts';
import { createCloudTemplates } from '../../integrations/gateway/cloud-templates.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';

const convParams = idParamsSchema(CAMPAIGN_MESSAGES.conversationNotFound);
const campaignParams = idParamsSchema(CAMPAIGN_MESSAGES.campaignNotFound);

/**
 * /api/campaigns: 'Campanhas' (docs/decisions/072-campaigns.md), the owner's. The contact panel's consent
 * is read by the whole team (attendants see whether a customer agreed); recording it is the owner's.
 */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'owner');
  const { db, jobs, llm, env } = app.deps;
  const now = () => new Date();
  const templates = createCloudTemplates({
    graphUrl: env.META_GRAPH_URL,
    graphVersion: env.META_GRAPH_VERSION,
    key: env.META_TOKEN_ENCRYPTION_KEY ? parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY) : null,
  });

  app.get(
    '/consent/:id',
    { config: OPEN_TO_TEAM, schema: { params: convParams, response: { 200: consentStateSchema } } },
    async (req) => ({ consent: await getConsent(db, req.user.id, req.params.id) }),
  );
  app.put(
    '/consent/:id',
    { schema: { params: convParams, body: consentInputSchema, response: { 200: consentStateSchema } } },
    async (req) => ({
      consent: await recordConsent(db, {
        accountId: req.user.id,
        memberId: req.user.actorId,
        convId: req.params.id,
        now: now(),
        ...req.body,
      }),
    }),
  );
  app.delete(
    '/consent/:id',
    { schema: { params: convParams, response: { 200: consentStateSchema } } },
    async (req) => ({ consent: await withdrawConsent(db, req.user.id, req.params.id) }),
  );
  app.post(
    '/consent/import',
    { schema: { body: consentImportInputSchema, response: { 200: consentImportResultSchema } } },
    async (req) =>
      importConsents(db, { accountId: req.user.id, memberId: req.user.actorId, csv: req.body.csv, now: now() }),
  );

  app.get('/settings', { schema: { response: { 200: campaignSettingsSchema } } }, async (req) => ({
    weeklyCap: await selectWeeklyCap(db, req.user.id),
  }));
  app.put(
    '/settings',
    { schema: { body: campaignSettingsSchema, response: { 200: campaignSettingsSchema } } },
    async (req) => {
      await upsertWeeklyCap(db, req.user.id, req.body.weeklyCap);
      return { weeklyCap: req.body.weeklyCap };
    },
  );

  app.post(
    '/audience',
    { schema: { body: audiencePreviewInputSchema, response: { 200: audiencePreviewSchema } } },
    async (req) => previewAudience(db, { accountId: req.user.id, ...req.body, now: now() }),
  );
  app.post(
    '/suggest',
    { schema: { body: campaignSuggestionInputSchema, response: { 200: campaignSuggestionSchema } } },
    async (req) => ({ text: await suggestCampaignText({ llm, log: req.log }, req.body.goal) }),
  );

  // Marketing templates submitted to Meta for Cloud numbers (docs/decisions/075-template-submission.md).
  app.get(
    '/templates',
    { schema: { querystring: campaignTemplateQuerySchema, response: { 200: campaignTemplateListSchema } } },
    async (req) => ({ items: await listTemplates(db, req.user.id, req.query.numberId) }),
  );
  app.post(
    '/templates',
    { schema: { body: campaignTemplateInputSchema, response: { 201: campaignTemplateDtoSchema } } },
    async (req, reply) =>
      reply.code(201).send(await submitTemplate({ db, templates }, { accountId: req.user.id, ...req.body })),
  );

  app.get('/', { schema: { response: { 200: campaignListSchema } } }, async (req) => ({
    items: await listCampaigns(db, req.user.id),
  }));
  app.post('/', { schema: { body: campaignInputSchema, response: { 201: campaignDtoSchema } } }, async (req, reply) =>
    reply.code(201).send(await createCampaign({ db, jobs }, { accountId: req.user.id, now: now(), ...req.body })),
  );
  app.get('/:id', { schema: { params: campaignParams, response: { 200: campaignDtoSchema } } }, async (req) =>
    getCampaign(db, req.user.id, req.params.id),
  );
  app.post(
    '/:id/:action',
    {
      schema: {
        params: campaignParams.extend({ action: z.enum(['pause', 'resume', 'cancel']) }),
        response: { 200: campaignDtoSchema },
      },
    },
    async (req) =>
      actOnCampaign({ db, jobs, now }, { accountId: req.user.id, id: req.params.id, action: req.params.action }),
  );
};
