import { isOwnerChannelPhone } from '../../../domain/phones/owner-channel.ts';
import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { DEFAULT_TIME_ZONE } from '@vendai/contracts';
import type { ContextBlockRows } from '../../../domain/ai-reply/load-context.ts';
import type { FactPresence } from '../../../domain/facts/fact-source.ts';
import type { ContextMessage } from '../reply-rules.ts';
import type { StandingBooking } from '../../../domain/agenda-guard/guard-booking.ts';
import { parsedJson } from '../sql-rows.ts';
import type { PreparedTarget } from '../../../db/prepared.ts';
import { type AnswerItem, type ClaimRow, runClaimStatement } from './claim-repository.ts';

export interface ClaimedBurst {
  id: string;
  version: number;
  token: string;
}

/** Everything answering a burst needs, read for many bursts in one query. */
export interface ReplyContext extends ClaimedBurst {
  userId: string;
  convId: string;
  convType: string;
  agenteAtivo: boolean;
  optedOut: boolean;
  /** Free text may go now: always on a QR number, within 24 h of the customer's last message on a Cloud one. */
  freeTextAllowed: boolean;
  /** The contact is the owner's own personal number (profiles.phone): never answered. */
  ownerContact: boolean;
  /** Meta's own agent holds the thread (standby, domain/conversation-rules/meta-agent-holds.ts): never answered. */
  metaAgentHolds: boolean;
  contactJid: string;
  instanceName: string | null;
  /** A Cloud number whose owner chose one message per answer (domain/outbound/reply-parts.ts). */
  oneBalloon: boolean;
  agent: { id: string; active: boolean; systemPrompt: string; respostas: AnswerItem[] } | null;
  /** The agent's AI answers per contact per day and this contact's today (domain/ai-reply/contact-daily-ceiling.ts). */
  ceiling: { max: number; today: number };
  /** The plan's monthly AI messages; the free plan stops at it, paid plans count overage. */
  maxAiMessages: number;
  isFree: boolean;
  aiMessages: number;
  /** The plan bills overage past its AI messages (a price above zero): the overage ceiling applies. */
  billsOverage: boolean;
  /** The context block's rows (time zone, business hours, the customer's name), read in the claim. */
  contextRows: ContextBlockRows;
  /** Which fact tables of the account have rows (skips the searches of empty ones). */
  facts: FactPresence;
  /**
   * The account has an agenda (an active service: the AI gets its booking tools) and the conversation an
   * upcoming appointment (the booking guard's 'standing'); read in the claim (decision 070).
   */
  agenda: { has: boolean; standing: StandingBooking; heldUntil: Date | null };
  /** When the burst's last customer message arrived (the pipeline histogram). */
  lastMessageAt: Date | null;
  /** The conversation's latest messages, newest first. */
  recent: ContextMessage[];
  /** Approval mode (the conversation's choice, else the agent's): the answer waits as a draft (docs/decisions/045-approval-mode.md). */
  approval: { timeoutMinutes: number; timeoutAction: 'send' | 'discard' } | null;
}

/**
 * Claims up to `limit` waiting bursts that are due (waiting → generating, each with a fresh claim
 * token), skipping rows another process holds, and reads what answering each needs: one statement.
 */
export async function claimDueReplies(
  database: PreparedTarget,
  limit: number,
  contextMessages: number,
  now = new Date(),
): Promise<ReplyContext[]> {
  const rows = await runClaimStatement(database, limit, contextMessages, monthStart(now).toISOString().slice(0, 10));
  return rows.map(replyContextFromRow);
}

/** A claim row in the shape the reply steps use. */
function replyContextFromRow(r: ClaimRow): ReplyContext {
  return {
    id: r.id,
    version: Number(r.version),
    token: r.claim_token,
    userId: r.user_id,
    convId: r.conv_id,
    convType: r.type,
    agenteAtivo: r.agente_ativo,
    optedOut: r.opted_out,
    ownerContact: isOwnerChannelPhone(r.contact_phone, { countryCode: r.owner_country_code, phone: r.owner_phone }),
    freeTextAllowed: r.free_text_allowed !== false,
    metaAgentHolds: r.meta_agent_holds === true,
    contactJid: r.contact_jid,
    instanceName: r.instance_name ?? null,
    oneBalloon: r.one_balloon === true,
    agent: r.agent_id
      ? {
          id: r.agent_id,
          active: r.agent_active!,
          systemPrompt: r.system_prompt!,
          respostas: (r.respostas === null ? null : parsedJson(r.respostas)) ?? [],
        }
      : null,
    maxAiMessages: Number(r.max_ai_messages),
    isFree: r.is_free === true,
    aiMessages: Number(r.ai_messages),
    billsOverage: r.bills_overage === true,
    contextRows: {
      timeZone: r.time_zone ?? DEFAULT_TIME_ZONE,
      week: r.week === null ? null : parsedJson(r.week),
      closedDays: r.closed_days === null ? [] : parsedJson(r.closed_days),
      facts: {
        hoursNote: r.hours_note ?? null,
        address: r.address ?? null,
        paymentMethods: r.payment_methods ?? null,
        deliveryAreas: r.delivery_areas ?? null,
      },
      contactName: r.contact_name,
      pixReady: r.pix_ready === true,
      source: r.source === null ? null : parsedJson(r.source),
    },
    facts: { catalogue: r.has_catalogue, faqs: r.has_faqs, passages: r.has_passages },
    agenda: {
      has: r.has_agenda === true,
      standing: r.standing ?? null,
      heldUntil: r.standing === 'held' && r.held_until !== null ? new Date(r.held_until) : null,
    },
    lastMessageAt: r.last_message_at === null ? null : new Date(r.last_message_at),
    ceiling: { max: Number(r.max_answers_per_contact_day ?? 0), today: Number(r.contact_answers_today) },
    approval: r.approval
      ? {
          timeoutMinutes: Number(r.approval_timeout_minutes ?? 30),
          timeoutAction: r.approval_timeout_action ?? 'discard',
        }
      : null,
    recent: parsedJson(r.recent).map((m) => ({
      id: m.id,
      direction: m.direction,
      messageType: m.message_type,
      content: m.content,
      mediaFilename: m.media_filename,
      mediaDuration: m.media_duration,
      status: m.status,
    })),
  };
}
