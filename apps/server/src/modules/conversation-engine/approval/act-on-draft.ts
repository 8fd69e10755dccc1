import { randomUUID } from 'node:crypto';
import { freeTextAllowed } from '../../../domain/conversation-rules/service-window.ts';
import { pgErrorCode } from '../../../db/pg-error.ts';
import { outboundStop } from '../../../domain/outbound/outbound-rules.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { BurstEvents, BurstPart } from '../engine-repository.ts';
import { DRAFT_NOT_FOUND } from '@vendai/contracts';
import type { EngineDeps } from '../engine-deps.ts';
import { planAllowance } from '../engine-repository.ts';
import { replyTextParts } from '../../../domain/outbound/reply-parts.ts';
import { keepLease } from '../replies/burst-claim.ts';
import { type AiSlot, releaseAiSlot, reserveAiSlot } from '../replies/reserve-ai-slot.ts';
import { sendParts } from '../replies/send-reply-parts.ts';
import { type DraftSqlRow, publishDraft } from './draft-dto.ts';
import { parsedJson } from '../sql-rows.ts';
import { answerEvents } from '../../../domain/engine-events/answer-events.ts';
import { type EventPublish, publishEngineEvents, queuedPart } from '../../../domain/engine-events/event-job.ts';
import type { AppliedBooking } from '../../../domain/agenda-chat/pending-booking.ts';
import { makeDraftBooking } from './draft-booking.ts';
import { commitDraftSend, discardPendingDraft, type DraftForSend, selectDraftForSend } from './draft-repository.ts';

/** Who acted on a draft: the inbox, the owner's WhatsApp reply (its message id acts once), or the timeout. */
export interface DraftDecision {
  by: 'inbox' | 'whatsapp' | 'timeout';
  messageId?: string;
  /** The person who acted (the inbox's signed-in member; the owner for a WhatsApp '1'); none for the timeout. */
  actorId?: string;
}

export const DRAFT_STATE_MESSAGE: Record<Exclude<DraftSqlRow['state'], 'pending'>, string> = {
  sent: 'Esta sugestão já foi enviada.',
  discarded: 'Esta sugestão já foi descartada.',
  superseded: 'O cliente escreveu de novo: esta sugestão foi substituída por uma nova.',
  failed: 'Esta sugestão não pôde ser enviada.',
};
export const DRAFT_STALE = 'O cliente escreveu de novo: a IA vai preparar uma nova sugestão.';
export const DRAFT_AI_OFF = 'A IA está desligada nesta conversa: responda você mesmo ou ligue a IA.';
export const DRAFT_NO_NUMBER = 'O número desta conversa não está mais conectado ao VendAI.';
export const DRAFT_WINDOW_CLOSED =
  'A janela de 24 horas desta conversa está fechada: pela API oficial do WhatsApp, a sugestão não pode mais ser enviada. Envie um modelo aprovado pela Meta.';
export const DRAFT_FREE_LIMIT = 'As respostas da IA do seu plano acabaram neste mês: a sugestão não foi enviada.';

const conflict = (message: string) => new AppError('CONFLICT', message);

async function loadDraft(deps: EngineDeps, accountId: string, draftId: string, convId?: string): Promise<DraftForSend> {
  const row = await selectDraftForSend(deps.db, accountId, draftId, convId);
  if (!row) throw new AppError('NOT_FOUND', DRAFT_NOT_FOUND);
  return row;
}

/** Why a pending draft cannot go out now (null: it can): its state, then the door out's rules for a draft (decision 046). */
function refusalOf(d: DraftForSend): string | null {
  if (d.state !== 'pending') return DRAFT_STATE_MESSAGE[d.state];
  if (d.newer) return DRAFT_STALE;
  if (!d.instance_name) return DRAFT_NO_NUMBER;
  const stop = outboundStop('draft', {
    optedOut: d.opted_out,
    manual: !d.agente_ativo,
    // The official API's 24-hour window (docs/decisions/041-cloud-window-and-templates.md).
    windowClosed: !freeTextAllowed(
      {
        provider: d.provider ?? 'evolution',
        customerLastAt: d.customer_last_at,
        windowClosedThrough: d.window_closed_through,
      },
      new Date(),
    ),
  });
  if (stop === 'window') return DRAFT_WINDOW_CLOSED;
  return stop ? DRAFT_AI_OFF : null;
}

/**
 * Sends a pending draft, as it is or edited, exactly once (docs/decisions/045-approval-mode.md): checks
 * it can still go out, holds the free plan's slot, then in one transaction moves it pending → sent
 * (conditional: whoever comes second gets a 409) and opens a burst already 'sending' with its parts,
 * which the engine's normal send path (sendParts: split parts, reconciliation, recovery after a
 * crash) delivers. The draft counted toward the limits when it was written (decision 046): sending it
 * counts nothing more (a draft from before that rule counts when its first part went out).
 */
export async function sendDraft(
  deps: EngineDeps,
  input: { accountId: string; draftId: string; convId?: string; text?: string; decision: DraftDecision },
): Promise<DraftSqlRow> {
  const draft = await loadDraft(deps, input.accountId, input.draftId, input.convId);
  const refusal = refusalOf(draft);
  if (refusal) throw conflict(refusal);
  const allowance = await planAllowance(deps.db, input.accountId);
  // A draft counted when it was written (decision 046) is not counted again; an older one is, as it is sent.
  const counted = draft.effects ? parsedJson(draft.effects)?.counted === true : false;
  const slot: AiSlot | null =
    allowance.isFree && !counted ? await reserveAiSlot(deps.db, input.accountId, allowance.maxAiMessages) : null;
  if (allowance.isFree && !counted && !slot) throw conflict(DRAFT_FREE_LIMIT);
  // The agenda change the answer asked for is made first: the text may say it is done (draft-booking.ts).
  const pending = draft.effects ? (parsedJson(draft.effects)?.booking ?? null) : null;
  const booking: AppliedBooking | null = pending
    ? await makeDraftBooking(deps, { accountId: input.accountId, convId: draft.conv_id }, pending).catch(
        async (err) => {
          if (slot) await releaseAiSlot(deps.db, slot).catch(() => {});
          throw err;
        },
      )
    : null;
  const parts: BurstPart[] =
    input.text === undefined
      ? parsedJson(draft.parts)
      : replyTextParts(input.text, { oneBalloon: draft.one_balloon === true });
  const token = randomUUID();
  const published = draftEvents(draft, input.decision);
  let sent: (DraftSqlRow & { burst_id: string }) | null;
  try {
    sent = await commitSend(deps, draft, { parts, events: queuedPart(deps.events, published) }, token, input);
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    sent = null; // this WhatsApp message already acted on a draft
  }
  if (!sent) {
    if (slot) await releaseAiSlot(deps.db, slot).catch(() => {});
    // Someone acted on the draft first: a booking made here for it is taken back.
    await booking?.undo?.().catch((err) => deps.log.warn({ err }, 'approval: a booking could not be taken back'));
    const now = await loadDraft(deps, input.accountId, input.draftId);
    throw conflict(now.state === 'pending' ? DRAFT_STATE_MESSAGE.sent : DRAFT_STATE_MESSAGE[now.state]);
  }
  await publishDraft(deps, sent);
  await publishEngineEvents(deps, { ...published, afterBurst: sent.burst_id });
  const lease = keepLease(deps, sent.burst_id, token);
  try {
    await sendParts(deps, {
      origin: 'draft',
      burstId: sent.burst_id,
      token,
      userId: input.accountId,
      convId: draft.conv_id,
      contactJid: draft.contact_jid,
      instanceName: draft.instance_name!,
      parts,
      from: 0,
      maxAiMessages: allowance.maxAiMessages,
      slot,
      counted,
      // Each part shows who edited and who sent it (docs/decisions/066-business-facts-in-one-place.md).
      people: { editedBy: sent.edited_by_user_id, sentBy: sent.sent_by_user_id },
    });
  } finally {
    lease.stop();
  }
  return sent;
}

/**
 * A draft is a whole reply (decision 046): what the answer would have done is published before the
 * send and delivered once its first part reached the customer (docs/decisions/057-engine-events.md),
 * with the approval itself ('draft.approved'; docs/decisions/060-events-features-listen.md).
 */
function draftEvents(draft: DraftForSend, decision: DraftDecision): EventPublish {
  const effects = draft.effects ? parsedJson(draft.effects) : null;
  const at = { userId: draft.user_id, convId: draft.conv_id };
  return {
    key: `draft:${draft.id}`,
    afterBurst: null,
    events: [
      ...(effects
        ? answerEvents(
            { ...at, burstId: effects.burstId },
            { handoff: null, needsOwner: null, hotLead: effects.hotLead, order: effects.order },
          )
        : []),
      { name: 'draft.approved', payload: { ...at, draftId: draft.id, by: decision.by } },
    ],
  };
}

/**
 * pending → sent and the burst that sends it, in one transaction; null when someone acted first. The
 * burst keeps the events to queue, for the recovery if this process dies before queueing them.
 */
async function commitSend(
  deps: EngineDeps,
  draft: DraftForSend,
  { parts, events }: { parts: BurstPart[]; events: BurstEvents | null },
  token: string,
  input: { text?: string; decision: DraftDecision },
): Promise<(DraftSqlRow & { burst_id: string }) | null> {
  const burstId = randomUUID();
  return commitDraftSend(deps.db, draft, { parts, events }, token, burstId, input);
}

/**
 * Discards a pending draft exactly once ('Descartar', the owner's '2', or the timeout); `state`
 * 'failed' with `error` when a timeout could not send it. A draft no longer pending is a 409.
 */
export async function discardDraft(
  deps: EngineDeps,
  input: {
    accountId: string;
    draftId: string;
    convId?: string;
    decision: DraftDecision;
    state?: 'discarded' | 'failed';
    error?: string;
  },
): Promise<DraftSqlRow> {
  let row: DraftSqlRow | undefined;
  try {
    row = await discardPendingDraft(deps.db, input);
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
  }
  if (!row) {
    const now = await loadDraft(deps, input.accountId, input.draftId, input.convId);
    throw conflict(now.state === 'pending' ? DRAFT_STATE_MESSAGE.discarded : DRAFT_STATE_MESSAGE[now.state]);
  }
  await publishDraft(deps, row);
  return row;
}
