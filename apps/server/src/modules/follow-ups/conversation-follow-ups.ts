import type { ConversationFollowUps, FollowUpDto, ScheduleMessageInput } from '@vendai/contracts/follow-ups';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import {
  cancelScheduledFollowUp,
  type FollowUpRecord,
  followUpExists,
  insertScheduledMessage,
  selectOpenFollowUps,
  selectOwnConversation,
  selectRecentFollowUps,
} from './follow-ups-repository.ts';

/** Latest finished follow-ups shown in the chat (why a touch did not go). */
const RECENT = 5;
/** How far ahead a message can be scheduled. */
const SCHEDULE_MAX_DAYS = 60;

function toDto(r: FollowUpRecord): FollowUpDto {
  return {
    id: r.id,
    convId: r.convId,
    kind: r.kind,
    step: r.step,
    dueAt: r.dueAt.toISOString(),
    text: r.text,
    cancelOnReply: r.cancelOnReply,
    state: r.state,
    reason: r.reason,
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  };
}

async function ownConversation(db: Db, accountId: string, convId: string) {
  const conv = await selectOwnConversation(db, accountId, convId);
  if (!conv) throw notFound();
  return conv;
}

/** What is still to go in the conversation (next touch, scheduled messages: soonest first) and the latest outcomes. */
export async function listConversationFollowUps(
  db: Db,
  accountId: string,
  convId: string,
): Promise<ConversationFollowUps> {
  await ownConversation(db, accountId, convId);
  const upcoming = await selectOpenFollowUps(db, accountId, convId);
  const recent = await selectRecentFollowUps(db, accountId, convId, RECENT);
  return { upcoming: upcoming.map(toDto), recent: recent.map(toDto) };
}

/** 'Agendar': the owner's message, sent at `sendAt` (a durable follow-up of kind 'scheduled'). */
export async function scheduleMessage(
  db: Db,
  accountId: string,
  convId: string,
  input: ScheduleMessageInput & { text: string },
  now: Date,
): Promise<FollowUpDto> {
  const conv = await ownConversation(db, accountId, convId);
  const at = new Date(input.sendAt);
  if (at.getTime() <= now.getTime() + 30_000)
    throw new AppError('VALIDATION', 'Escolha um horário no futuro para o envio.');
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000)
    throw new AppError('VALIDATION', `Agende para no máximo ${SCHEDULE_MAX_DAYS} dias a partir de hoje.`);
  const row = await insertScheduledMessage(db, {
    accountId,
    convId,
    numberId: conv.numberId,
    dueAt: at,
    text: input.text,
    cancelOnReply: input.cancelOnReply ?? true,
  });
  return toDto(row);
}

/** 'Cancelar': a touch or scheduled message that has not started to go. */
export async function cancelFollowUp(db: Db, accountId: string, id: string): Promise<FollowUpDto> {
  const row = await cancelScheduledFollowUp(db, accountId, id, FOLLOW_UP_REASONS.cancelledByOwner);
  if (row) return toDto(row);
  if (!(await followUpExists(db, accountId, id))) throw notFound();
  throw new AppError('CONFLICT', 'Esta mensagem já foi enviada ou cancelada.');
}
