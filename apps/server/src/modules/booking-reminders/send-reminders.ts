import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { slotText } from '../../domain/agenda-chat/agenda-tools.ts';
import { reminderTemplateValues } from '../../domain/booking-reminders/template-values.ts';
import { REMINDER_BUTTONS, reminderText } from '../../domain/booking-reminders/due-reminder.ts';
import { freeTextAllowed } from '../../domain/conversation-rules/service-window.ts';
import { toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { conversationFacts } from '../../domain/outbound/conversation-stop.ts';
import { recordOutbound } from '../../domain/outbound/outbound-audit.ts';
import { outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { defineJob, defineJobType } from '../../jobs/job.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import {
  claimReminder,
  type DueBookingRow,
  loadReminderContext,
  recordReminderOutcome,
  releaseUnstored,
  type ReminderContext,
  type ReminderRow,
  selectDueBookings,
  selectReminderSettings,
  skipReminder,
  storeReminderMessage,
  takeOverLapsed,
} from './reminders-repository.ts';

/** Why a reminder did not go, as the owner reads it on the booking (decision 073). */
export const REMINDER_REASONS = {
  optedOut: 'O cliente pediu para não receber mensagens.',
  neverAnswer: 'A conversa está marcada como “Nunca responder”.',
  group: 'A conversa é um grupo.',
  noTemplate:
    'Fora da janela de 24 horas do WhatsApp oficial e sem modelo de lembrete aprovado. Escolha um modelo em Agenda → Lembretes.',
  notActive: 'O horário foi cancelado ou mudou antes do lembrete.',
  sendFailed: 'O WhatsApp recusou o envio.',
  templateMissing:
    'O modelo de lembrete não está aprovado na Meta com esse nome e idioma. Confira em Agenda → Lembretes.',
  unconfirmed: 'Não foi possível confirmar o envio pelo WhatsApp.',
  interrupted: 'O envio foi interrompido e não pôde ser confirmado; não foi repetido.',
} as const;

/**
 * 'booking-reminders.sweep': every minute (one run across processes, pg-boss cron) and right after a
 * booking is made or moved, it settles reminders a dead process left mid-send, then writes and sends the
 * due ones. Each reminder is a claim row (booking, offset, start) inserted once in any process; the
 * send goes through the door with its stored message, so two processes and a kill -9 send it once.
 */
export const reminderSweepJobType = defineJobType({
  id: 'booking-reminders.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600 },
});

const BATCH = 50;

export function reminderJobs(deps: ReminderDeps) {
  return [
    defineJob(reminderSweepJobType, async () => {
      await reminderPass(deps);
    }),
  ];
}

/** One pass: the lapsed claims first, then the due reminders (a few batches). */
export async function reminderPass(deps: ReminderDeps): Promise<number> {
  await recoverLapsed(deps);
  let sent = 0;
  for (let round = 0; round < 5; round++) {
    const due = await selectDueBookings(deps.db, deps.now(), BATCH);
    if (due.length === 0) break;
    const token = randomUUID();
    let claimed = 0;
    for (const b of due) {
      const r = await claimReminder(deps.db, b, token);
      if (!r) continue; // another process wrote it
      claimed++;
      await handleClaimed(deps, b, r, token).catch(async (err: unknown) => {
        deps.log.warn({ err, reminderId: r.id }, 'reminders: handling failed; decided again on the next pass');
        await releaseUnstored(deps.db, r.id, token);
      });
      sent++;
    }
    if (claimed === 0) break;
  }
  return sent;
}

async function handleClaimed(deps: ReminderDeps, b: DueBookingRow, r: ReminderRow, token: string): Promise<void> {
  const c = await loadReminderContext(deps.db, b.id);
  // The booking as it is now: cancelled, no-show or moved since it was picked → no reminder for this start.
  if (
    !c ||
    !['booked', 'confirmed'].includes(c.status) ||
    new Date(c.starts_at).getTime() !== new Date(b.starts_at).getTime()
  )
    return skip(deps, r, token, REMINDER_REASONS.notActive, null);
  if (new Date(c.starts_at).getTime() <= deps.now().getTime())
    return skip(deps, r, token, REMINDER_REASONS.notActive, null);
  const stop = outboundStop('booking_reminder', conversationFacts({ ...c, paid_or_closed: false }));
  if (stop === 'opt_out') return skip(deps, r, token, REMINDER_REASONS.optedOut, stop);
  if (stop === 'never_answer') return skip(deps, r, token, REMINDER_REASONS.neverAnswer, stop);
  if (stop === 'group') return skip(deps, r, token, REMINDER_REASONS.group, stop);
  const cloud = c.provider === 'cloud';
  const windowOpen = freeTextAllowed(
    { provider: c.provider ?? '', customerLastAt: c.last_in_at, windowClosedThrough: c.window_closed_through },
    deps.now(),
  );
  const text = reminderText(
    {
      customerName: c.customer_name,
      serviceName: c.service_name,
      professionalName: c.professional_name,
      startsAt: new Date(c.starts_at),
      timeZone: c.time_zone,
    },
    // A QR number's text ends with the numbered answers; a Cloud number's carries the reply buttons instead.
    { numbered: !cloud },
  );
  if (cloud && !windowOpen) return remindByTemplate(deps, r, c, token, text);
  const message = await storeReminderMessage(deps.db, r, token, text, deps.now());
  await publishMessage(deps, r.user_id, message);
  const out = {
    messageId: message!.id,
    instanceName: c.instance_name,
    contactJid: c.contact_jid,
    text,
    ...(cloud ? { buttons: REMINDER_BUTTONS } : {}),
  };
  const result = await deps.sender.send(out);
  const outcome = result.ok
    ? { externalId: result.externalId }
    : { error: result.unconfirmed ? REMINDER_REASONS.unconfirmed : REMINDER_REASONS.sendFailed };
  await finish(deps, r, message!.id, token, outcome);
}

/** Outside a Cloud number's window: the owner's approved UTILITY template, or not sent (the reason on the booking). */
async function remindByTemplate(deps: ReminderDeps, r: ReminderRow, c: ReminderContext, token: string, text: string) {
  const settings = await selectReminderSettings(deps.db, r.user_id);
  if (!settings.templateName) return skip(deps, r, token, REMINDER_REASONS.noTemplate, 'window');
  const number = { phoneNumberId: c.cloud_phone_number_id, wabaId: c.cloud_waba_id, sealed: c.cloud_token_sealed };
  const language = settings.templateLanguage ?? 'pt_BR';
  const message = await storeReminderMessage(deps.db, r, token, text, deps.now());
  try {
    // The template's variables as Meta approved them, filled in their order (decision 073).
    const approved = await deps.sender.approvedTemplate(number, settings.templateName, language);
    if (!approved) throw new Error(REMINDER_REASONS.templateMissing);
    const filled = reminderTemplateValues(approved, {
      customerName: c.customer_name,
      serviceName: c.service_name,
      professionalName: c.professional_name,
      when: slotText(new Date(c.starts_at), c.time_zone),
    });
    if ('error' in filled) throw new Error(filled.error);
    const externalId = await deps.sender.template({
      number,
      to: c.contact_jid,
      messageId: message!.id,
      template: { name: settings.templateName, language, ...filled },
    });
    await finish(deps, r, message!.id, token, { externalId });
  } catch (err) {
    deps.log.warn({ err, reminderId: r.id }, 'reminders: the template was refused');
    await finish(deps, r, message!.id, token, {
      error: err instanceof Error ? err.message : REMINDER_REASONS.sendFailed,
    });
  }
}

async function finish(
  deps: ReminderDeps,
  r: Pick<ReminderRow, 'id' | 'conversation_id' | 'user_id' | 'booking_id'>,
  messageId: string | null,
  token: string,
  outcome: { externalId: string | null } | { error: string },
) {
  const message = await recordReminderOutcome(deps.db, r, messageId, token, outcome);
  await publishMessage(deps, r.user_id, message, 'message.updated');
  await deps.realtime
    .publish(r.user_id, { event: 'agenda.updated', data: { bookingId: r.booking_id } })
    .catch(() => undefined);
}

async function skip(
  deps: ReminderDeps,
  r: ReminderRow,
  token: string,
  reason: string,
  rule: Parameters<typeof recordOutbound>[1]['rule'] | null,
) {
  await skipReminder(deps.db, r.id, token, reason);
  if (rule)
    await recordOutbound(deps, {
      origin: 'booking_reminder',
      outcome: 'stopped',
      rule,
      userId: r.user_id,
      convId: r.conversation_id,
      detail: reason,
    });
  await deps.realtime
    .publish(r.user_id, { event: 'agenda.updated', data: { bookingId: r.booking_id } })
    .catch(() => undefined);
}

async function publishMessage(
  deps: ReminderDeps,
  accountId: string,
  message: Awaited<ReturnType<typeof storeReminderMessage>>,
  event: 'message.created' | 'message.updated' = 'message.created',
) {
  if (!message) return;
  await deps.realtime
    .publish(accountId, { event, data: toMessageDto(message) })
    .catch((err: unknown) => deps.log.warn({ err }, 'reminders: realtime publish failed'));
}

/**
 * Reminders whose process died mid-send: nothing stored → the claim is removed and decided again; the
 * message stored and in flight → settled with the gateway as the engine settles an interrupted reply: it
 * has it → sent; its record provably lacks it → sent now, once; it cannot tell → failed, never sent twice.
 */
export async function recoverLapsed(deps: ReminderDeps): Promise<void> {
  const token = randomUUID();
  for (const r of await takeOverLapsed(deps.db, token, deps.leaseMs)) {
    deps.log.warn({ reminderId: r.id }, 'reminders: settling a reminder whose process stopped');
    if (!r.message_id) {
      await releaseUnstored(deps.db, r.id, token);
      continue;
    }
    if (r.msg_status !== 'pending' || r.msg_external) {
      await finish(
        deps,
        r,
        r.message_id,
        token,
        r.msg_status === 'failed' && !r.msg_external
          ? { error: REMINDER_REASONS.interrupted }
          : { externalId: r.msg_external },
      );
      continue;
    }
    const out = {
      messageId: r.message_id,
      instanceName: r.instance_name,
      contactJid: r.contact_jid,
      text: r.content ?? '',
    };
    const verdict = await deps.sender.lookUp(out, new Date(r.msg_created ?? Date.now()).getTime());
    if (verdict === 'absent') {
      const result = await deps.sender.send(out);
      await finish(
        deps,
        r,
        r.message_id,
        token,
        result.ok ? { externalId: result.externalId } : { error: REMINDER_REASONS.sendFailed },
      );
    } else if (verdict === 'unknown')
      await finish(deps, r, r.message_id, token, { error: REMINDER_REASONS.interrupted });
    else await finish(deps, r, r.message_id, token, { externalId: verdict.externalId });
  }
}
