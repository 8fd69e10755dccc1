import {
  type AudiencePreview,
  CAMPAIGN_MESSAGES,
  type CampaignAudienceDto,
  type CampaignDto,
  EXCLUSION_LABELS,
  EXCLUSION_REASONS,
  QR_RISK_WARNING,
  type campaignInputSchema,
  TEMPLATE_MESSAGES,
} from '@vendai/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { estimatedCostBrl, qrDailyLimit } from '../../domain/campaigns/campaign-rules.ts';
import { estimateBrl } from '../../domain/usage/cloud-prices.ts';
import { selectAudience, selectCampaignNumber, selectWeeklyCap } from './audience-repository.ts';
import type { CampaignDeps } from './campaign-deps.ts';
import {
  type CampaignRow,
  insertCampaign,
  type ResultsRow,
  selectCampaign,
  selectCampaigns,
  selectResults,
  setStatus,
} from './campaigns-repository.ts';
import { skipPending } from './recipients-repository.ts';
import { queueCampaign } from './send-campaign.ts';
import { templateDto } from './template-service.ts';
import { selectTemplateByName, selectTemplates, type TemplateRow } from './templates-repository.ts';

async function numberOf(db: Db, accountId: string, numberId: string) {
  const number = await selectCampaignNumber(db, accountId, numberId);
  if (!number) throw notFound(CAMPAIGN_MESSAGES.numberNotFound);
  return { ...number, track: number.provider === 'cloud' ? ('cloud' as const) : ('qr' as const) };
}

/**
 * The live count before sending (docs/decisions/072-campaigns.md): who the filters match, who receives
 * it, how many are excluded and why, the estimated cost in reais (Cloud) and the QR track's daily limit
 * and warning.
 */
export async function previewAudience(
  db: Db,
  input: { accountId: string; numberId: string; audience: CampaignAudienceDto; now: Date },
): Promise<AudiencePreview> {
  const number = await numberOf(db, input.accountId, input.numberId);
  const contacts = await selectAudience(db, {
    userId: input.accountId,
    numberId: number.id,
    audience: input.audience,
    track: number.track,
    weeklyCap: await selectWeeklyCap(db, input.accountId),
    now: input.now,
  });
  const eligible = contacts.filter((c) => c.reason === null).length;
  return {
    track: number.track,
    matched: contacts.length,
    eligible,
    excluded: EXCLUSION_REASONS.map((reason) => ({
      reason,
      label: EXCLUSION_LABELS[reason],
      count: contacts.filter((c) => c.reason === reason).length,
    })).filter((e) => e.count > 0),
    estimatedCostBrl: estimatedCostBrl(number.track, eligible),
    dailyLimit: number.track === 'qr' ? qrDailyLimit(new Date(number.created_at), input.now) : null,
    warning: number.track === 'qr' ? QR_RISK_WARNING : null,
  };
}

const EMPTY: Omit<ResultsRow, 'campaign_id'> = {
  audience: 0,
  pending: 0,
  sent: 0,
  booked: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  opted_out: 0,
  skipped: 0,
  failed: 0,
  orders: 0,
  paid_cents: 0,
  billable: 0,
};

function toDto(
  c: CampaignRow,
  r: Omit<ResultsRow, 'campaign_id'> = EMPTY,
  templates: readonly TemplateRow[] = [],
): CampaignDto {
  const submitted = c.template
    ? templates.find(
        (t) => t.number_id === c.number_id && t.name === c.template!.name && t.language === c.template!.language,
      )
    : undefined;
  const shown = submitted ? templateDto(submitted) : null;
  return {
    id: c.id,
    name: c.name,
    numberId: c.number_id,
    numberLabel: c.number_label,
    track: c.track,
    status: c.status,
    pausedReason: c.paused_reason,
    text: c.text,
    audience: c.audience,
    scheduledAt: new Date(c.scheduled_at).toISOString(),
    recurrence: c.recurrence,
    createdAt: new Date(c.created_at).toISOString(),
    finishedAt: c.finished_at ? new Date(c.finished_at).toISOString() : null,
    template: c.template
      ? {
          name: c.template.name,
          status: shown?.status ?? null,
          statusLabel: shown?.statusLabel ?? null,
          category: shown?.category ?? null,
          previousCategory: shown?.previousCategory ?? null,
          reasonText: shown?.reasonText ?? null,
        }
      : null,
    results: {
      audience: r.audience,
      pending: r.pending,
      sent: r.sent,
      booked: r.booked,
      delivered: r.delivered,
      read: r.read,
      replied: r.replied,
      optedOut: r.opted_out,
      skipped: r.skipped,
      failed: r.failed,
      orders: r.orders,
      paidRevenueCents: r.paid_cents,
      costBrl:
        c.track === 'cloud' ? estimateBrl({ marketing: r.billable, service: 0, utility: 0, authentication: 0 }) : 0,
    },
  };
}

export async function listCampaigns(db: Db, accountId: string): Promise<CampaignDto[]> {
  const rows = await selectCampaigns(db, accountId);
  const results = await selectResults(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  const templates = await selectTemplates(db, accountId);
  return rows.map((r) => toDto(r, results.get(r.id), templates));
}

export async function getCampaign(db: Db, accountId: string, id: string): Promise<CampaignDto> {
  const row = await selectCampaign(db, id, accountId);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  const results = await selectResults(db, accountId, [id]);
  return toDto(row, results.get(id), await selectTemplates(db, accountId, row.number_id));
}

/**
 * Creates a campaign, sent now or at its time. Refused with the reason: nobody in the audience may receive
 * it (on a QR number: a cold list, the contacts who did not write in 90 days or gave no consent), or a
 * Cloud number without an approved marketing template.
 */
export async function createCampaign(
  deps: Pick<CampaignDeps, 'db' | 'jobs'>,
  input: { accountId: string; now: Date } & z.infer<typeof campaignInputSchema>,
): Promise<CampaignDto> {
  const number = await numberOf(deps.db, input.accountId, input.numberId);
  if (number.track === 'cloud' && !input.template) throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.cloudTemplate);
  // A template VendAI submitted goes only once Meta approved it (decision 075); one named by hand is Meta's word.
  const submitted =
    number.track === 'cloud' && input.template
      ? await selectTemplateByName(deps.db, number.id, input.template.name, input.template.language)
      : null;
  if (submitted && submitted.status !== 'APPROVED') throw new AppError('CONFLICT', TEMPLATE_MESSAGES.notApproved);
  const preview = await previewAudience(deps.db, { ...input, numberId: number.id });
  if (preview.eligible === 0)
    throw new AppError(
      'VALIDATION',
      number.track === 'qr' && preview.excluded.some((e) => e.reason === 'qr_cold' || e.reason === 'no_consent')
        ? CAMPAIGN_MESSAGES.qrCold
        : CAMPAIGN_MESSAGES.emptyAudience,
    );
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : input.now;
  const id = await insertCampaign(deps.db, {
    userId: input.accountId,
    numberId: number.id,
    name: input.name,
    track: number.track,
    audience: input.audience,
    text: input.text,
    template: number.track === 'cloud' ? input.template : null,
    scheduledAt,
    recurrence: input.recurrence,
  });
  await queueCampaign(deps, id, scheduledAt > input.now ? scheduledAt : undefined);
  return getCampaign(deps.db, input.accountId, id);
}

/** 'Pausar', 'Retomar', 'Cancelar'. */
export async function actOnCampaign(
  deps: Pick<CampaignDeps, 'db' | 'jobs' | 'now'>,
  input: { accountId: string; id: string; action: 'pause' | 'resume' | 'cancel' },
): Promise<CampaignDto> {
  const c = await selectCampaign(deps.db, input.id, input.accountId);
  if (!c) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  if (c.status === 'done' || c.status === 'cancelled') throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.notEditable);
  if (input.action === 'pause')
    await setStatus(deps.db, c.id, ['sending', 'scheduled'], 'paused', { pausedReason: null });
  // 'Retomar': the share of contacts who asked to stop is counted again from now (decision 078).
  if (
    input.action === 'resume' &&
    (await setStatus(deps.db, c.id, ['paused'], c.run > 0 ? 'sending' : 'scheduled', { blocksSince: deps.now() }))
  )
    await queueCampaign(deps, c.id);
  if (
    input.action === 'cancel' &&
    (await setStatus(deps.db, c.id, ['sending', 'scheduled', 'paused'], 'cancelled', { finished: true }))
  )
    await skipPending(deps.db, c.id, 'Campanha cancelada.');
  return getCampaign(deps.db, input.accountId, c.id);
}
