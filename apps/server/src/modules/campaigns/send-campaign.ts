import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fillCampaignText } from '@vendai/contracts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import {
  blocksPauseReason,
  cloudDailyLimit,
  MARKETING_CAP_REASON,
  MARKETING_STOPPED_REASON,
  META_MARKETING_CAP_CODE,
  META_MARKETING_STOPPED_CODE,
  nextGapMs,
  nextMonthly,
  qrDailyLimit,
  qualityPauseReason,
} from '../../domain/campaigns/campaign-rules.ts';
import { acceptVariation, variationRequest } from '../../domain/campaigns/vary-text.ts';
import { openAtOrAfter } from '../../domain/follow-ups/ladder.ts';
import { recordOutbound } from '../../domain/outbound/outbound-audit.ts';
import { outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { defineJob, defineJobType } from '../../jobs/job.ts';
import { selectAudience, selectCampaignNumber, selectWeeklyCap } from './audience-repository.ts';
import { campaignTemplateValues, templatePollJob, templateStop } from './template-service.ts';
import type { CampaignDeps } from './campaign-deps.ts';
import { endConsent } from './consent-repository.ts';
import {
  type CampaignRow,
  selectCampaign,
  selectCampaigns,
  selectTimeZone,
  setStatus,
  startRun,
} from './campaigns-repository.ts';
import {
  blockStats,
  type ClaimedRecipient,
  claimNext,
  finishRecipient,
  remaining,
  sentFromNumberSince,
  storeCampaignMessage,
  textUsed,
} from './recipients-repository.ts';
import { refreshQuality } from './number-quality.ts';
import { settleLapsed } from './settle-lapsed.ts';

/**
 * 'campaigns.send' (docs/decisions/072-campaigns.md): one campaign's sending, durable and paced. Each job
 * starts the run when it is due (its recipients: the audience's contacts who may receive it, one claim row
 * each), settles contacts a dead process left mid-send, checks the number (connected, Cloud quality), the
 * business hours and the day's limit, then sends the next contacts one at a time and queues itself again
 * after the gap. One job per campaign at once (exclusive), and every contact is a claim in the database:
 * two processes and a kill -9 never send one contact twice.
 */
export const campaignSendJobType = defineJobType({
  id: 'campaigns.send',
  payload: z.object({ campaignId: z.guid() }),
  delayed: true,
  queue: {
    policy: 'exclusive',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    // A job sends for at most JOB_SECONDS: one held by a killed process is retried elsewhere within minutes.
    expireInSeconds: 90,
    deleteAfterSeconds: 7 * 24 * 3600,
  },
  batchSize: 1,
  localConcurrency: 2,
});

/** Sweeps the campaigns that should be moving (a job lost to a crash, a schedule come due): every 5 minutes. */
export const campaignSweepJobType = defineJobType({
  id: 'campaigns.sweep',
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600 },
});

/** Sends in one job at most this many before queueing the next job (short gaps wait in process). */
const SENDS_PER_JOB = 25;
/** A job sends for at most this long, then queues the next (well within the queue's expiry). */
const JOB_MS = 30_000;
/** A gap at most this long is waited in process; a longer one is a delayed job. */
const IN_PROCESS_GAP_MS = 5_000;

export function queueCampaign(deps: Pick<CampaignDeps, 'jobs'>, campaignId: string, at?: Date) {
  return deps.jobs.send(
    campaignSendJobType,
    { campaignId },
    { singletonKey: campaignId, ...(at ? { startAfter: at } : {}) },
  );
}

export function campaignJobs(deps: CampaignDeps) {
  return [
    defineJob(campaignSendJobType, async ({ campaignId }) => runCampaign(deps, campaignId)),
    defineJob(campaignSweepJobType, async () => void (await sweepCampaigns(deps))),
    templatePollJob(deps),
  ];
}

/** Queues a job for every campaign sending or due (covered when one is queued already); how many. */
export async function sweepCampaigns(deps: CampaignDeps): Promise<number> {
  const due = await selectCampaigns(deps.db, null);
  let n = 0;
  for (const c of due)
    if (c.status === 'sending' || (c.status === 'scheduled' && new Date(c.scheduled_at) <= deps.now())) {
      await queueCampaign(deps, c.id);
      n++;
    }
  return n;
}

export async function runCampaign(deps: CampaignDeps, campaignId: string): Promise<void> {
  let c = await selectCampaign(deps.db, campaignId);
  if (!c) return;
  if (c.status === 'scheduled') {
    if (new Date(c.scheduled_at) > deps.now()) return void (await queueCampaign(deps, c.id, new Date(c.scheduled_at)));
    await beginRun(deps, c);
    c = await selectCampaign(deps.db, campaignId);
    if (!c) return;
  }
  if (c.status !== 'sending') return;
  await settleLapsed(deps, c);
  if (c.track === 'cloud') await refreshQuality(deps, c);
  const started = Date.now();
  for (let sent = 0; sent < SENDS_PER_JOB && Date.now() - started < JOB_MS; sent++) {
    const verdict = await mayGoNow(deps, c);
    if (verdict !== 'go') return verdict === 'paused' ? undefined : void (await queueCampaign(deps, c.id, verdict));
    const token = randomUUID();
    const r = await claimNext(deps.db, c.id, token, deps.now());
    if (!r) return finishRun(deps, c);
    await sendOne(deps, c, r, token);
    // The last contact went: done now, not after the gap.
    if ((await remaining(deps.db, c.id)).pending === 0) return finishRun(deps, c);
    const gap = nextGapMs(c.track, deps.config, deps.random);
    if (gap > IN_PROCESS_GAP_MS) return void (await queueCampaign(deps, c.id, new Date(deps.now().getTime() + gap)));
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    const fresh = await selectCampaign(deps.db, c.id);
    if (!fresh || fresh.status !== 'sending') return;
  }
  await queueCampaign(deps, c.id);
}

/** The run's recipients: the audience as it is now (consent, opt-outs and the weekly cap read at the start). */
async function beginRun(deps: CampaignDeps, c: CampaignRow): Promise<void> {
  const weeklyCap = await selectWeeklyCap(deps.db, c.user_id);
  const contacts = await selectAudience(deps.db, {
    userId: c.user_id,
    numberId: c.number_id,
    audience: c.audience,
    track: c.track,
    weeklyCap,
    now: deps.now(),
  });
  await startRun(
    deps.db,
    { id: c.id, userId: c.user_id, run: c.run + 1 },
    contacts.filter((k) => k.reason === null),
  );
}

/**
 * Whether the next contact may go now: the number connected and (Cloud) its quality still green and its
 * template approved, and the share of contacts who asked to stop under the limit (else the campaign pauses by
 * itself, docs/decisions/078-campaign-reach-and-pause.md), inside the business hours (else the next opening),
 * under the day's limit (QR: the warm-up batch; Cloud: the messaging limit tier's 24 hours; else an hour later).
 */
async function mayGoNow(deps: CampaignDeps, c: CampaignRow): Promise<'go' | 'paused' | Date> {
  const number = await selectCampaignNumber(deps.db, c.user_id, c.number_id);
  const pause =
    !number || number.status !== 'CONECTADO'
      ? 'Pausada automaticamente: o WhatsApp desta campanha está desconectado. Reconecte-o e continue.'
      : ((number.provider === 'cloud'
          ? (qualityPauseReason(number.cloud_quality_rating) ?? (await templateStop(deps.db, c)))
          : null) ?? (await blocksStop(deps, c)));
  if (pause || !number) {
    await setStatus(deps.db, c.id, ['sending'], 'paused', { pausedReason: pause });
    return 'paused';
  }
  const now = deps.now();
  // The door's business_hours rule (decision 046): the owner's week, or the default one.
  const hours = await loadBusinessHours(deps.db, c.user_id);
  const open = openAtOrAfter(now, hours, await selectTimeZone(deps.db, c.user_id));
  if (open && open.getTime() > now.getTime()) return open;
  const limit =
    number.provider === 'cloud'
      ? cloudDailyLimit(number.cloud_messaging_limit)
      : qrDailyLimit(new Date(number.created_at), now);
  const since = new Date(now.getTime() - 24 * 3_600_000);
  if ((await sentFromNumberSince(deps.db, number.id, since)) >= limit) return new Date(now.getTime() + 3_600_000);
  return 'go';
}

/** Blocks rising in this run since the owner's last 'Retomar': the reason to pause, or null. */
async function blocksStop(deps: CampaignDeps, c: CampaignRow): Promise<string | null> {
  const stats = await blockStats(deps.db, {
    id: c.id,
    run: c.run,
    since: c.blocks_since,
    stoppedReason: MARKETING_STOPPED_REASON,
  });
  return blocksPauseReason(stats.reached, stats.stopped);
}

async function skip(
  deps: CampaignDeps,
  c: CampaignRow,
  r: ClaimedRecipient,
  token: string,
  reason: string,
  rule: string | null,
) {
  await finishRecipient(deps.db, { id: r.id, token }, { state: 'skipped', reason });
  await recordOutbound(deps, {
    origin: 'campaign',
    outcome: 'stopped',
    rule: (rule as never) ?? null,
    userId: c.user_id,
    convId: r.conv_id,
    detail: reason,
  });
}

/** One contact: the door's rules on the facts read at the claim, the text (varied on QR), stored, then sent once. */
async function sendOne(deps: CampaignDeps, c: CampaignRow, r: ClaimedRecipient, token: string): Promise<void> {
  const weeklyCap = await selectWeeklyCap(deps.db, c.user_id);
  const stop = outboundStop('campaign', {
    optedOut: r.opted_out,
    neverAnswer: r.never_answer,
    overDailyCap: Number(r.week_sent) >= weeklyCap,
  });
  if (stop === 'opt_out') return skip(deps, c, r, token, 'O cliente pediu para não receber mensagens.', stop);
  if (stop === 'never_answer') return skip(deps, c, r, token, "O contato está em 'Nunca responder'.", stop);
  if (stop) return skip(deps, c, r, token, 'O contato já recebeu o máximo de campanhas desta semana.', stop);
  if (!r.consent) return skip(deps, c, r, token, 'O consentimento do cliente terminou.', null);
  const filled = fillCampaignText(c.text, { name: r.contact_name, lastItem: r.last_item });
  const text = c.track === 'qr' ? await vary(deps, c, filled, r.contact_jid) : filled;
  if (!text)
    return skip(
      deps,
      c,
      r,
      token,
      'A IA não conseguiu variar o texto; não enviado para não repetir a mesma mensagem.',
      null,
    );
  const stored = await storeCampaignMessage(deps.db, {
    id: r.id,
    token,
    userId: c.user_id,
    numberId: c.number_id,
    convId: r.conv_id,
    contactJid: r.contact_jid,
    contactName: r.contact_name,
    text,
    now: deps.now(),
  });
  if (!stored) return;
  const { messageId } = stored;
  if (c.track === 'cloud') return sendCampaignTemplate(deps, c, r, token, messageId);
  const result = await deps.sender.send({ messageId, instanceName: r.instance_name, contactJid: r.contact_jid, text });
  if (result.ok)
    await finishRecipient(deps.db, { id: r.id, token }, { state: 'sent', externalId: result.externalId, messageId });
  else
    await finishRecipient(
      deps.db,
      { id: r.id, token },
      {
        state: result.unconfirmed ? 'unconfirmed' : 'failed',
        reason: result.unconfirmed
          ? 'Não foi possível confirmar o envio; não será reenviado.'
          : 'O WhatsApp recusou o envio.',
        messageId,
      },
    );
}

/** Cloud: the approved marketing template, with the contact's values (campaignTemplateValues). */
async function sendCampaignTemplate(
  deps: CampaignDeps,
  c: CampaignRow,
  r: ClaimedRecipient,
  token: string,
  messageId: string,
) {
  const values = await campaignTemplateValues(deps.db, c, { name: r.contact_name, lastItem: r.last_item });
  try {
    const externalId = await deps.sender.template({
      numberId: c.number_id,
      to: r.contact_jid,
      messageId,
      template: { name: c.template!.name, language: c.template!.language, values },
    });
    await finishRecipient(deps.db, { id: r.id, token }, { state: 'sent', externalId, messageId });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Meta's per-user marketing cap: not tried again in this campaign, counted apart. The customer stopped
    // marketing from the business (131050): not tried again, and a stop among the campaign's blocks.
    const reason = message.includes(String(META_MARKETING_CAP_CODE))
      ? MARKETING_CAP_REASON
      : message.includes(String(META_MARKETING_STOPPED_CODE))
        ? MARKETING_STOPPED_REASON
        : null;
    await finishRecipient(
      deps.db,
      { id: r.id, token },
      { state: reason ? 'skipped' : 'failed', reason: reason ?? message, messageId },
    );
    // Meta's word that the customer stopped marketing ends the consent, as an opt-out does (decision 078).
    if (reason === MARKETING_STOPPED_REASON) await endConsent(deps.db, c.user_id, r.contact_jid, 'opt_out');
  }
}

/**
 * The QR track's variation: the AI rewords the owner's text for this contact (never one identical text to
 * many); a variation that changes the owner's figures, or one already sent in this campaign, is asked
 * again with another seed; null when none is acceptable (the contact is skipped, not sent the same text).
 */
async function vary(deps: CampaignDeps, c: CampaignRow, text: string, contact: string): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const raw = await deps.llm.complete(variationRequest(text, `${c.id}:${c.run}:${contact}:${attempt}`));
      const v = acceptVariation(text, raw);
      if (v && !(await textUsed(deps.db, c.id, c.run, v))) return v;
    } catch (err) {
      deps.log.warn({ err, campaignId: c.id }, 'campaigns: the AI did not vary the text');
    }
  }
  return null;
}

/** Nobody left: done, or (monthly) scheduled for the same day next month. */
async function finishRun(deps: CampaignDeps, c: CampaignRow): Promise<void> {
  const left = await remaining(deps.db, c.id);
  if (left.sending > 0)
    return void (await queueCampaign(deps, c.id, new Date(deps.now().getTime() + deps.config.leaseMs)));
  if (c.recurrence === 'monthly') {
    const next = nextMonthly(new Date(c.scheduled_at));
    if (await setStatus(deps.db, c.id, ['sending'], 'scheduled', { scheduledAt: next }))
      await queueCampaign(deps, c.id, next);
    return;
  }
  await setStatus(deps.db, c.id, ['sending'], 'done', { finished: true });
}
