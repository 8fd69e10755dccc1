import type { GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import { mapGatewayMessage } from '../../../integrations/gateway/map-gateway-message.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { sendOutbound } from '../../../domain/outbound/send-outbound.ts';
import type { IngestInput } from '../ingestion/ingest-gateway-event.ts';
import type { IngestOutcome } from '../ingestion/ingest-outcome.ts';
import { DRAFT_STATE_MESSAGE, discardDraft, sendDraft } from './act-on-draft.ts';
import {
  type RepliedDraftRow,
  selectAlertedPendingDrafts,
  selectDraftsOfAlert,
  selectNewestAlertedDraft,
  selectOwnerPhone,
} from './approval-repository.ts';
import { GROUPED_ALERT_QUOTED } from './draft-alert.ts';
import { nameForAlert } from '../../../domain/handoff/alert-text.ts';
import { samePhone } from '../../../domain/phones/same-phone.ts';

/** A '1' or '2' that may be the owner answering a draft's alert. */
export interface OwnerReply {
  numberId: string;
  accountId: string;
  instanceName: string;
  /** The writer's phone (digits). */
  phone: string;
  /** The WhatsApp message's id: one message acts once. */
  messageId: string;
  /** The alert it quotes (WhatsApp's reply context), when it quotes one. */
  quotedId: string | null;
  choice: '1' | '2';
}

export const NOTHING_PENDING = 'Não há sugestão da IA esperando a sua resposta.';
/** An unquoted '1' / '2' while several drafts wait: which one is not guessed. */
export const WHICH_DRAFT =
  'Há mais de uma sugestão da IA esperando. Responda citando o aviso da conversa: toque e segure o aviso, escolha "Responder" e envie 1 ou 2.';

/**
 * The '1' / '2' messages among freshly stored events (outcome 'stored': a replayed webhook stores
 * nothing, so it never acts twice). Cheap for everything else: a text compare before any mapping.
 */
export function ownerRepliesOf(inputs: IngestInput[], outcomes: IngestOutcome[]): OwnerReply[] {
  const replies: OwnerReply[] = [];
  inputs.forEach((input, i) => {
    if (outcomes[i] !== 'stored' || input.event !== 'messages.upsert') return;
    const data = input.data as GatewayMessage | null;
    const message = data?.message as
      | { conversation?: unknown; extendedTextMessage?: { text?: unknown; contextInfo?: { stanzaId?: unknown } } }
      | undefined;
    const text = message?.conversation ?? message?.extendedTextMessage?.text;
    const choice = typeof text === 'string' ? text.trim() : '';
    if ((choice !== '1' && choice !== '2') || data?.key?.fromMe) return;
    const mapped = mapGatewayMessage(data!);
    if (!mapped?.chat.phone || mapped.chat.isGroup) return;
    const quoted = message?.extendedTextMessage?.contextInfo?.stanzaId;
    replies.push({
      numberId: input.number.id,
      accountId: input.number.userId,
      instanceName: input.number.instanceName,
      phone: mapped.chat.phone,
      messageId: mapped.externalId,
      quotedId: typeof quoted === 'string' ? quoted : null,
      choice,
    });
  });
  return replies;
}

/** Per process, owner replies are handled one after another in arrival order ('1' then '2'). */
let queue: Promise<void> = Promise.resolve();

/** Hands the replies over to be handled in order after the ingestion batch; never throws. */
export function handleOwnerReplies(deps: EngineDeps, replies: OwnerReply[]): Promise<void> {
  for (const reply of replies)
    queue = queue
      .then(() => handleOwnerReply(deps, reply))
      .catch((err) => deps.log.warn({ err }, 'approval: an owner reply was not handled'));
  return queue;
}

/**
 * One '1' (send) or '2' (discard) on the business number (docs/decisions/045-approval-mode.md, 048): only
 * from the owner's own personal number, by the one phone rule (the ninth digit WhatsApp drops, the JID
 * forms). A reply quoting an alert acts on that alert's draft (a grouped alert names none: the owner is
 * told to use each conversation's link). An unquoted one acts only when exactly one
 * draft waits for the owner; with several, VendAI asks which (quote the alert); with none, it says what
 * became of the newest. The owner gets a one-line answer.
 */
export async function handleOwnerReply(deps: EngineDeps, reply: OwnerReply): Promise<void> {
  const owner = await selectOwnerPhone(deps.db, reply.accountId);
  if (!owner || !samePhone(owner.phone, reply.phone)) return; // a customer's '1'
  const draft = await draftFor(deps, reply);
  let answer: string;
  if (draft === 'several') answer = WHICH_DRAFT;
  else if (draft === 'grouped') answer = GROUPED_ALERT_QUOTED;
  else if (!draft) answer = NOTHING_PENDING;
  else if (draft.state !== 'pending') answer = DRAFT_STATE_MESSAGE[draft.state];
  else {
    const decision = { by: 'whatsapp' as const, messageId: reply.messageId, actorId: reply.accountId };
    // The customer's own WhatsApp name, made inert like any alert text (decision 021).
    const who = nameForAlert(draft.contact_name) || 'o cliente';
    try {
      if (reply.choice === '1') {
        await sendDraft(deps, { accountId: reply.accountId, draftId: draft.id, decision });
        answer = `✅ Resposta enviada para ${who}.`;
      } else {
        await discardDraft(deps, { accountId: reply.accountId, draftId: draft.id, decision });
        answer = `🗑️ Sugestão para ${who} descartada.`;
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      answer = err.message;
    }
  }
  // To the owner's phone through the one door out (decision 046): one try, never repeated.
  const sent = await sendOutbound(deps, {
    origin: 'owner_alert',
    instanceName: reply.instanceName,
    to: reply.phone,
    text: answer,
    attempts: 1,
    audit: { userId: reply.accountId, detail: 'approval_confirmation' },
  });
  if (!sent.ok) deps.log.warn({ err: sent.error }, 'approval: the confirmation to the owner was not sent');
}

type DraftRow = RepliedDraftRow;

/**
 * The quoted alert's draft; else the one draft waiting for the owner ('several' when more wait), else the
 * newest alerted draft (to say it was sent or discarded already).
 */
async function draftFor(deps: EngineDeps, reply: OwnerReply): Promise<DraftRow | 'several' | 'grouped' | undefined> {
  if (reply.quotedId) {
    const [quoted, other] = await selectDraftsOfAlert(deps.db, reply);
    // A grouped alert carries several drafts (draft-alert.ts): it names none of them.
    if (other) return 'grouped';
    if (quoted) return quoted;
  }
  const waiting = await selectAlertedPendingDrafts(deps.db, reply);
  if (waiting.length > 1) return 'several';
  if (waiting.length === 1) return waiting[0];
  const newest = await selectNewestAlertedDraft(deps.db, reply);
  return newest;
}
