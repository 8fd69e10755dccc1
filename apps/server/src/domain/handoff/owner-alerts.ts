import { formatPhone } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Gateway } from '../../integrations/gateway/gateway.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';

/**
 * Alerts to the owner's personal WhatsApp, sent from the business number (docs/decisions/015-handoff.md).
 * Limits are the database's: the row is written in a transaction that locks the owner's profile row
 * and checks (1) the kind is on, (2) no alert for this conversation in the last hour, (3) fewer than
 * the daily cap today in the account's time zone. Concurrent processes queue on that lock, so the
 * limits hold exactly. Every alert written is listed (pending → sent / failed).
 */

export type OwnerAlertKind = 'handoff' | 'needs_owner' | 'hot_lead';

/** One alert per conversation within this window. */
export const ALERT_CONVERSATION_WINDOW = '1 hour';

export const OWNER_PHONE_MISSING =
  'Cadastre o seu WhatsApp pessoal em Configurações para receber os avisos no celular.';
export const OWNER_PHONE_IS_BUSINESS =
  'O seu WhatsApp pessoal é o mesmo número da empresa: cadastre outro número em Configurações.';
const ALERT_SEND_FAILED = 'Não foi possível enviar o aviso pelo WhatsApp da empresa.';
const ALERT_MAIL_FAILED = 'Não foi possível enviar o aviso por e-mail.';

const HEADLINE: Record<OwnerAlertKind, string> = {
  handoff: 'quer falar com uma pessoa',
  needs_owner: 'precisa de você',
  hot_lead: 'está pronto para comprar',
};

const KIND_COLUMN: Record<OwnerAlertKind, string> = {
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
}

export interface AlertRequest {
  userId: string;
  convId: string;
  kind: OwnerAlertKind;
  /** Why it needs a person (the handoff reason, the AI's flag). */
  why: string;
}

interface ConversationFacts {
  contact_name: string | null;
  contact_phone: string | null;
  instance_name: string;
  number_phone: string;
  last_in: string | null;
}

const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The three lines and the link, as the owner reads them on the phone. */
export function alertText(kind: OwnerAlertKind, facts: ConversationFacts, why: string, link: string): string {
  const who = [facts.contact_name, facts.contact_phone ? formatPhone(facts.contact_phone) : null]
    .filter(Boolean)
    .join(' · ');
  const asked = facts.last_in?.trim() ? `"${clip(facts.last_in.trim().replace(/\s+/g, ' '), 140)}"` : '(sem texto)';
  return [
    `🔔 ${who || 'Um cliente'} ${HEADLINE[kind]}.`,
    `Mensagem: ${asked}`,
    `Por quê: ${clip(why, 160)}`,
    `Abrir conversa: ${link}`,
  ].join('\n');
}

/** The e-mail's subject: who and what, as the first line of the WhatsApp alert. */
export function alertSubject(kind: OwnerAlertKind, facts: Pick<ConversationFacts, 'contact_name' | 'contact_phone'>) {
  const who = facts.contact_name ?? (facts.contact_phone ? formatPhone(facts.contact_phone) : 'Um cliente');
  return `VendAI: ${who} ${HEADLINE[kind]}`;
}

/**
 * Writes the alert if the limits allow it and sends it through the gateway. Returns the alert's
 * final status, or null when no alert was due (kind off, one already this hour, daily cap reached).
 */
export async function alertOwner(deps: AlertDeps, req: AlertRequest): Promise<'sent' | 'failed' | null> {
  const [facts] = rows<ConversationFacts>(
    await deps.db.execute(sql`
      select c.contact_name, c.contact_phone, n.instance_name, n.phone as number_phone,
             (select m.content from messages m where m.conv_id = c.id and m.direction = 'in'
              order by m.created_at desc limit 1) as last_in
      from conversations c join numbers n on n.id = c.number_id
      where c.id = ${req.convId} and c.user_id = ${req.userId}`),
  );
  if (!facts) return null;
  const link = `${deps.appUrl}/dashboard?conversa=${encodeURIComponent(req.convId)}`;
  const text = alertText(req.kind, facts, req.why, link);

  const written = await deps.db.transaction(async (tx) => {
    const [owner] = rows<{
      phone: string | null;
      country_code: string | null;
      on: boolean;
      cap: number;
      tz: string;
      channel: string;
      email: string;
    }>(
      await tx.execute(sql`
        select p.phone, p.country_code, ${sql.raw(`p.${KIND_COLUMN[req.kind]}`)} as on, p.alert_daily_cap as cap,
               p.time_zone as tz, p.alert_channel as channel, u.email
        from profiles p join "user" u on u.id = p.id where p.id = ${req.userId} for update of p`),
    );
    if (!owner || !owner.on) return null;
    const [count] = rows<{ recent: number; today: number }>(
      await tx.execute(sql`
        select
          (select count(*)::int from owner_alerts where conv_id = ${req.convId}
             and created_at > now() - ${ALERT_CONVERSATION_WINDOW}::interval) as recent,
          (select count(*)::int from owner_alerts where user_id = ${req.userId}
             and created_at >= (date_trunc('day', now() at time zone ${owner.tz}) at time zone ${owner.tz})) as today`),
    );
    if (Number(count!.recent) > 0 || Number(count!.today) >= Number(owner.cap)) return null;
    const byWhatsapp = owner.channel !== 'email';
    const toEmail = owner.channel === 'email' || owner.channel === 'both' ? owner.email : null;
    const toPhone = byWhatsapp && owner.phone ? `${owner.country_code ?? ''}${owner.phone}`.replace(/\D/g, '') : null;
    const problem = !byWhatsapp
      ? null
      : !toPhone
        ? OWNER_PHONE_MISSING
        : toPhone === facts.number_phone
          ? OWNER_PHONE_IS_BUSINESS
          : null;
    const [row] = rows<{ id: string }>(
      await tx.execute(sql`
        insert into owner_alerts (user_id, conv_id, kind, status, text, to_phone, error)
        values (${req.userId}, ${req.convId}, ${req.kind}, ${problem ? 'failed' : 'pending'}, ${text}, ${toPhone}, ${problem})
        returning id`),
    );
    return { id: row!.id, toPhone, toEmail, problem };
  });
  if (!written) return null;

  const errors: string[] = written.problem ? [written.problem] : [];
  if (written.toPhone && !written.problem) {
    try {
      await deps.gateway.sendText(facts.instance_name, { number: written.toPhone, text });
    } catch (err) {
      deps.log.warn({ err, alertId: written.id }, 'handoff: the owner alert could not be sent');
      errors.push(ALERT_SEND_FAILED);
    }
  }
  if (written.toEmail) {
    try {
      await deps.mailer.send({ to: written.toEmail, subject: alertSubject(req.kind, facts), text });
    } catch (err) {
      deps.log.warn({ err, alertId: written.id }, 'handoff: the owner alert e-mail could not be sent');
      errors.push(ALERT_MAIL_FAILED);
    }
  }
  const error = errors.length ? errors.join(' ') : null;
  await deps.db.execute(sql`
    update owner_alerts set status = ${error ? 'failed' : 'sent'}, error = ${error},
      sent_at = case when ${error === null} then now() else null end
    where id = ${written.id}`);
  return error ? 'failed' : 'sent';
}
