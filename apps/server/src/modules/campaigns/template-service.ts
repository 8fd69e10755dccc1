import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_MESSAGES,
  type CampaignTemplateDto,
  type campaignTemplateInputSchema,
  TEMPLATE_MESSAGES,
} from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  templateValues,
  rejectionText,
  templatePauseReason,
  TEMPLATE_STATUS_LABELS,
  templateDraft,
  templateName,
  templateRequest,
} from '../../domain/campaigns/template-body.ts';
import { applyTemplateUpdate } from '../../domain/campaigns/template-status-repository.ts';
import type { CloudTemplates } from '../../integrations/gateway/cloud-templates.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { selectCampaignNumber } from './audience-repository.ts';
import { type CampaignRow, selectCloudSecrets } from './campaigns-repository.ts';
import { defineJob, defineJobType } from '../../jobs/job.ts';
import { z } from 'zod';
import {
  insertTemplate,
  selectPendingTemplateNumbers,
  selectTemplateByName,
  selectTemplates,
  type TemplateRow,
} from './templates-repository.ts';

/** The Graph calls the templates need (integrations/gateway/cloud-templates.ts). */
export type TemplateClient = Pick<CloudTemplates, 'submit' | 'statuses'>;

export function templateDto(t: TemplateRow): CampaignTemplateDto {
  return {
    id: t.id,
    numberId: t.number_id,
    name: t.name,
    language: t.language,
    text: t.text,
    body: t.body,
    status: t.status as CampaignTemplateDto['status'],
    statusLabel: TEMPLATE_STATUS_LABELS[t.status] ?? t.status,
    category: t.category,
    previousCategory: t.previous_category,
    reasonText: t.status === 'REJECTED' ? rejectionText(t.reason, t.reason_detail) : null,
    updatedAt: new Date(t.updated_at).toISOString(),
  };
}

/**
 * 'Enviar para aprovação' (docs/decisions/075-template-submission.md): the owner's text becomes a MARKETING
 * template in pt_BR ({nome} → {{1}}, {ultimo_item} → {{2}}, with Meta's example values), an optional footer
 * and the 'Parar de receber' quick reply, submitted to the number's WhatsApp Business Account. Stored with
 * Meta's id and status (PENDING); the webhook or the poll tells the rest.
 */
export async function submitTemplate(
  deps: { db: Db; templates: TemplateClient },
  input: { accountId: string } & z.infer<typeof campaignTemplateInputSchema>,
): Promise<CampaignTemplateDto> {
  const number = await selectCampaignNumber(deps.db, input.accountId, input.numberId);
  if (!number) throw notFound(CAMPAIGN_MESSAGES.numberNotFound);
  if (number.provider !== 'cloud') throw new AppError('VALIDATION', TEMPLATE_MESSAGES.notCloud);
  const secrets = await selectCloudSecrets(deps.db, number.id);
  if (!secrets?.wabaId)
    throw new AppError(
      'NOT_CONFIGURED',
      'Este número não tem a conta do WhatsApp Business da Meta. Conecte-o de novo.',
    );
  const draft = templateDraft(input.text);
  if ('error' in draft) throw new AppError('VALIDATION', draft.error);
  const name = templateName(input.name, randomBytes(3).toString('hex'));
  const footer = input.footer?.trim() || null;
  const answer = await deps.templates.submit(
    secrets,
    templateRequest({ name, draft, footer, stopButton: input.stopButton }),
  );
  const id = await insertTemplate(deps.db, {
    userId: input.accountId,
    numberId: number.id,
    wabaId: secrets.wabaId,
    name,
    text: input.text,
    body: draft.body,
    variables: draft.variables,
    footer,
    stopButton: input.stopButton,
    metaId: answer.id,
    status: answer.status,
    category: answer.category,
  });
  const row = (await selectTemplates(deps.db, input.accountId, number.id)).find((t) => t.id === id);
  return templateDto(row!);
}

export async function listTemplates(db: Db, accountId: string, numberId?: string): Promise<CampaignTemplateDto[]> {
  return (await selectTemplates(db, accountId, numberId)).map(templateDto);
}

/**
 * The poll behind the status webhook (a webhook Meta never delivered, or one lost): the WABA's templates as
 * Meta lists them, for every number with a template still PENDING here; each known one is recorded like
 * the webhook would. How many templates were read.
 */
export async function pollTemplateStatuses(deps: {
  db: Db;
  templates: TemplateClient;
  log: FastifyBaseLogger;
}): Promise<number> {
  let seen = 0;
  for (const numberId of await selectPendingTemplateNumbers(deps.db)) {
    const secrets = await selectCloudSecrets(deps.db, numberId);
    if (!secrets?.wabaId) continue;
    try {
      for (const t of await deps.templates.statuses(secrets)) {
        if (!t.id) continue;
        await applyTemplateUpdate(deps.db, {
          wabaId: secrets.wabaId,
          metaId: t.id,
          status: t.status,
          reason: t.reason,
          reasonDetail: null,
          category: t.category,
          previousCategory: null,
        });
        seen++;
      }
    } catch (err) {
      deps.log.warn({ err, numberId }, 'campaigns: the templates poll failed for a number');
    }
  }
  return seen;
}

/**
 * The poll behind Meta's template status webhook (docs/decisions/075-template-submission.md): every 10
 * minutes, the WABAs with a template still in review are read again.
 */
const templatePollJobType = defineJobType({
  id: 'campaigns.templates',
  payload: z.object({}).passthrough(),
  cron: '*/10 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600 },
});

/** A submitted template Meta has not approved (or paused, or disabled) stops its campaign, with the reason. */
export async function templateStop(db: Db, c: Pick<CampaignRow, 'template' | 'number_id'>): Promise<string | null> {
  if (!c.template) return null;
  const t = await selectTemplateByName(db, c.number_id, c.template.name, c.template.language);
  return t && t.status !== 'APPROVED' ? templatePauseReason(t.status) : null;
}

/**
 * One contact's values for a Cloud campaign's template: a template VendAI submitted knows which field is
 * {{1}}, {{2}}; one named by hand gets the first name, then the last item bought.
 */
export async function campaignTemplateValues(
  db: Db,
  c: Pick<CampaignRow, 'template' | 'number_id' | 'text'>,
  contact: { name: string | null; lastItem: string | null },
): Promise<string[]> {
  const submitted = await selectTemplateByName(db, c.number_id, c.template!.name, c.template!.language);
  const variables = submitted
    ? typeof submitted.variables === 'string'
      ? (JSON.parse(submitted.variables) as string[])
      : submitted.variables
    : ['nome', 'ultimo_item'].slice(0, (c.text.match(/\{\{\d+\}\}/g) ?? []).length);
  return templateValues(variables, contact);
}

/** The poll's job, registered with the campaigns' jobs (it runs only where the Graph client is given). */
export function templatePollJob(deps: { db: Db; log: FastifyBaseLogger; templates?: TemplateClient }) {
  return defineJob(templatePollJobType, async () => {
    if (deps.templates) await pollTemplateStatuses({ ...deps, templates: deps.templates });
  });
}
