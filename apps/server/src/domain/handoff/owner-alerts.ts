import { formatPhone } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Gateway } from '../../integrations/gateway/gateway.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { Jobs } from '../../jobs/job.ts';
import { sendOwnerAlertJob } from './owner-alert-job-type.ts';
import { findHandoffPerson } from './handoff-repository.ts';
import { ALERT_MESSAGE_MAX, ALERT_REASON_MAX, nameForAlert, quoteForAlert } from './alert-text.ts';
import {
  type ConversationFactsRow,
  countRecentAlerts,
  findConversationFacts,
  findConversationNumber,
  insertAlert,
  lockAlertRecipient,
} from './owner-alerts-repository.ts';

/**
 * Alerts to the owner's personal WhatsApp, sent from the business number (docs/decisions/015-handoff.md).
 * Limits are the database's: the row is written in a transaction that locks the owner's profile row
 * and checks (1) the kind is on, (2) no alert for this conversation in the last hour, (3) fewer than
 * the daily cap today in the account's time zone. Concurrent processes queue on that lock, so the
 * limits hold exactly. Every alert written is listed (pending → sent / failed).
 */

/** Alerts about what happened in a conversation (each can be switched off in Configurações). */
export type ConversationAlertKind = 'handoff' | 'needs_owner' | 'hot_lead';
/**
 * Always sent: 'spend_ceiling', the AI paused at the overage ceiling (domain/usage/overage-ceiling.ts);
 * 'follow_ups_paused', the follow-ups' breaker paused a number (docs/decisions/037-follow-ups.md);
 * 'pix_paid', a customer paid a Pix charge; 'pix_confirm', an order with an item 'sob consulta' waits for
 * the owner to confirm its amount (docs/decisions/038-pix-charges.md); 'approval', an AI draft waits for
 * the owner's '1' or '2' (docs/decisions/045-approval-mode.md); 'delivery_failed', a QR number's sends that
 * WhatsApp never confirmed, once per number per day (modules/conversation-engine/recovery/unconfirmed-sends.ts).
 */
export type OwnerAlertKind =
  | ConversationAlertKind
  | 'spend_ceiling'
  | 'follow_ups_paused'
  | 'pix_paid'
  | 'pix_confirm'
  | 'approval'
  | 'delivery_failed';

/** Kinds sent whatever the owner's switches and limits say. */
const ALWAYS_ON = new Set<OwnerAlertKind>([
  'spend_ceiling',
  'follow_ups_paused',
  'pix_paid',
  'pix_confirm',
  'approval',
  'delivery_failed',
]);

/** One alert per conversation within this window. */
export const ALERT_CONVERSATION_WINDOW = '1 hour';

export const OWNER_PHONE_MISSING =
  'Cadastre o seu WhatsApp pessoal em Configurações para receber os avisos no celular.';
export const OWNER_PHONE_IS_BUSINESS =
  'O seu WhatsApp pessoal é o mesmo número da empresa: cadastre outro número em Configurações.';

const HEADLINE: Record<ConversationAlertKind, string> = {
  handoff: 'quer falar com uma pessoa',
  needs_owner: 'precisa de você',
  hot_lead: 'está pronto para comprar',
};

const KIND_COLUMN: Record<ConversationAlertKind, string> = {
  handoff: 'alert_handoff',
  needs_owner: 'alert_needs_owner',
  hot_lead: 'alert_hot_lead',
};

export interface AlertDeps {
  db: Db;
  gateway: Gateway;
  /** For owners who receive the alerts by e-mail ('email' or 'both' in Configurações). */
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  /** Alerts are sent by a job (owner-alert-job.ts). */
  jobs: Jobs;
}

export interface AlertRequest {
  accountId: string;
  convId: string;
  kind: ConversationAlertKind;
  /** Why it needs a person (the handoff reason, the AI's flag). */
  why: string;
}

type ConversationFacts = ConversationFactsRow;

/**
 * The lines and the link, as the owner reads them on the phone (or in the e-mail). The customer's
 * message, the reason (the AI's words) and the contact's name are the customer's or the AI's text:
 * one line each, capped, quoted, links shown as plain domains (alert-text.ts). The only link is ours.
 */
export function alertText(kind: ConversationAlertKind, facts: ConversationFacts, why: string, link: string): string {
  const who = [nameForAlert(facts.contact_name), facts.contact_phone ? formatPhone(facts.contact_phone) : null]
    .filter(Boolean)
    .join(' · ');
  return [
    `🔔 ${who || 'Um cliente'} ${HEADLINE[kind]}.`,
    `Mensagem do cliente: ${quoteForAlert(facts.last_in, ALERT_MESSAGE_MAX) ?? '(sem texto)'}`,
    `Por quê: ${quoteForAlert(why, ALERT_REASON_MAX) ?? '(sem motivo)'}`,
    `Abrir conversa: ${link}`,
  ].join('\n');
}

/** The e-mail's subject: who and what, as the first line of the WhatsApp alert. */
export const SPEND_CEILING_SUBJECT = 'VendAI: a IA pausou — limite de gastos extras atingido';
export const FOLLOW_UPS_PAUSED_SUBJECT = 'VendAI: acompanhamentos pausados em um número';

/** The e-mail's subject of a conversation alert. */
export function alertSubject(
  kind: ConversationAlertKind,
  facts: Pick<ConversationFacts, 'contact_name' | 'contact_phone'>,
) {
  const who =
    nameForAlert(facts.contact_name) ?? (facts.contact_phone ? formatPhone(facts.contact_phone) : 'Um cliente');
  return `VendAI: ${who} ${HEADLINE[kind]}`;
}

/**
 * Writes the alert if the limits allow it and queues its sending (owner-alert-job.ts). Returns the alert's
 * status ('pending' until the job sent it), or null when no alert was due (kind off, one already this hour, daily cap reached).
 */
export async function alertOwner(deps: AlertDeps, req: AlertRequest): Promise<'pending' | 'failed' | null> {
  const facts = await findConversationFacts(deps.db, req.convId, req.accountId);
  if (!facts) return null;
  const link = `${deps.appUrl}/dashboard?conversa=${encodeURIComponent(req.convId)}`;
  // A handoff goes to the agent's chosen member instead of the owner (decision 044).
  const member = req.kind === 'handoff' ? await handoffMemberOf(deps.db, req.convId, req.accountId) : null;
  return deliverAlert(deps, {
    recipientId: member ?? undefined,
    accountId: req.accountId,
    convId: req.convId,
    kind: req.kind,
    text: alertText(req.kind, facts, req.why, link),
    instanceName: facts.instance_name,
    numberPhone: facts.number_phone,
    limited: true,
  });
}

export interface AlertDelivery {
  accountId: string;
  /** The conversation the alert is about (listed with it). */
  convId: string;
  kind: OwnerAlertKind;
  text: string;
  /** The business number it is sent from. */
  instanceName: string;
  numberPhone: string;
  /** Subject to the kind's switch, one per conversation per hour and the daily cap (false: always sent). */
  limited: boolean;
  /** The row's id when the caller must know it (an approval draft points at its alert, decision 045). */
  id?: string;
  /**
   * A team member it goes to instead of the owner (a handoff to a chosen attendant, decision 044): the
   * row is theirs, to the WhatsApp number of their own profile, or to their e-mail without one.
   */
  recipientId?: string;
  /**
   * Decides, in the transaction that holds the recipient's profile row (so concurrent callers queue on
   * it), whether the alert is written and with which text and id: null writes nothing. Used by the
   * approval alerts' own grouping and caps (modules/conversation-engine/approval/draft-alert.ts).
   */
  admit?: (tx: AlertTx, recipient: { id: string; tz: string }) => Promise<{ text: string; id?: string } | null>;
}

/** The transaction deliverAlert runs in. */
export type AlertTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The agent's handoff person of this conversation when it is a member (not the owner); null otherwise. */
async function handoffMemberOf(db: Db, convId: string, accountId: string): Promise<string | null> {
  const id = await findHandoffPerson(db, convId);
  return id && id !== accountId ? id : null;
}

/**
 * Writes the alert row in a transaction holding the owner's profile row (limits checked there when
 * `limited`) and queues its sending (owner-alert-job.ts). Null when not due.
 */
export async function deliverAlert(deps: AlertDeps, alert: AlertDelivery): Promise<'pending' | 'failed' | null> {
  let { text } = alert;
  let alertId = alert.id ?? null;
  const recipient = alert.recipientId ?? alert.accountId;
  const written = await deps.db.transaction(async (tx) => {
    const kindColumn = ALWAYS_ON.has(alert.kind) ? null : KIND_COLUMN[alert.kind as ConversationAlertKind];
    const owner = await lockAlertRecipient(tx, recipient, kindColumn);
    if (!owner || (alert.limited && !owner.on)) return null;
    if (alert.admit) {
      const admitted = await alert.admit(tx, { id: recipient, tz: owner.tz });
      if (!admitted) return null;
      text = admitted.text;
      alertId = admitted.id ?? alertId;
    }
    // A member has no alert settings of their own: their WhatsApp when their profile has one, else e-mail.
    if (alert.recipientId) owner.channel = owner.phone ? 'whatsapp' : 'email';
    const count = await countRecentAlerts(tx, {
      convId: alert.convId,
      recipientId: recipient,
      window: ALERT_CONVERSATION_WINDOW,
      tz: owner.tz,
    });
    if (alert.limited && (Number(count.recent) > 0 || Number(count.today) >= Number(owner.cap))) return null;
    const byWhatsapp = owner.channel !== 'email';
    const toEmail = owner.channel === 'email' || owner.channel === 'both' ? owner.email : null;
    const toPhone = byWhatsapp && owner.phone ? `${owner.country_code ?? ''}${owner.phone}`.replace(/\D/g, '') : null;
    const problem = !byWhatsapp
      ? null
      : !toPhone
        ? OWNER_PHONE_MISSING
        : toPhone === alert.numberPhone
          ? OWNER_PHONE_IS_BUSINESS
          : null;
    // A known problem with nothing else to send is final at once; otherwise the job sends and records it.
    const status = problem && !toEmail ? 'failed' : 'pending';
    const id = await insertAlert(tx, {
      id: alertId,
      userId: recipient,
      convId: alert.convId,
      kind: alert.kind,
      status,
      text,
      toPhone,
      error: problem,
    });
    return { id, status: status as 'pending' | 'failed' };
  });
  if (!written) return null;
  // Sent by a job (owner-alert-job.ts): the reply never waits for WhatsApp or SMTP, and an alert
  // written before a crash is sent after the restart (the engine's recovery sweep enqueues it again).
  if (written.status === 'pending')
    await deps.jobs
      .send(sendOwnerAlertJob, { alertId: written.id }, { singletonKey: written.id })
      .catch((err) => deps.log.warn({ err, alertId: written.id }, 'handoff: alert not queued; the sweep queues it'));
  return written.status;
}

/** The AI paused at the overage ceiling: what to do, and where to raise it. */
export async function alertOwnerOfPause(
  deps: AlertDeps,
  req: { accountId: string; convId: string; ceilingCents: number },
): Promise<'pending' | 'failed' | null> {
  const number = await findConversationNumber(deps.db, req.convId, req.accountId);
  if (!number) return null;
  const ceiling = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' })
    .format(req.ceilingCents / 100)
    .replace(/\s/g, ' ');
  return deliverAlert(deps, {
    accountId: req.accountId,
    convId: req.convId,
    kind: 'spend_ceiling',
    text: [
      `⏸️ A IA pausou: o limite de gastos extras deste período (${ceiling}) foi atingido.`,
      'Seus clientes não recebem respostas da IA até você aumentar o limite. Você ainda pode responder pela caixa de entrada.',
      `Aumentar o limite: ${deps.appUrl}/pricing#limite-de-gastos`,
    ].join('\n'),
    instanceName: number.instance_name,
    numberPhone: number.number_phone,
    limited: false,
  });
}
