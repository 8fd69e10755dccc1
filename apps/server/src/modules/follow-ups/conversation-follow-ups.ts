import type { ConversationFollowUps, FollowUpDto, ScheduleMessageInput } from '@vendai/contracts/follow-ups';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, followUps } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';

const OPEN: ('scheduled' | 'sending')[] = ['scheduled', 'sending'];
/** Latest finished follow-ups shown in the chat (why a touch did not go). */
const RECENT = 5;
/** How far ahead a message can be scheduled. */
const SCHEDULE_MAX_DAYS = 60;

type FollowUpRecord = typeof followUps.$inferSelect;

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

async function ownConversation(db: Db, userId: string, convId: string) {
  const [conv] = await db
    .select({ id: conversations.id, numberId: conversations.numberId })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId)));
  if (!conv) throw notFound();
  return conv;
}

/** What is still to go in the conversation (next touch, scheduled messages: soonest first) and the latest outcomes. */
export async function listConversationFollowUps(
  db: Db,
  userId: string,
  convId: string,
): Promise<ConversationFollowUps> {
  await ownConversation(db, userId, convId);
  const where = (open: boolean) =>
    and(
      eq(followUps.convId, convId),
      eq(followUps.userId, userId),
      open ? inArray(followUps.state, OPEN) : notInArray(followUps.state, OPEN),
    );
  const upcoming = await db.select().from(followUps).where(where(true)).orderBy(followUps.dueAt);
  const recent = await db.select().from(followUps).where(where(false)).orderBy(desc(followUps.updatedAt)).limit(RECENT);
  return { upcoming: upcoming.map(toDto), recent: recent.map(toDto) };
}

/** 'Agendar': the owner's message, sent at `sendAt` (a durable follow-up of kind 'scheduled'). */
export async function scheduleMessage(
  db: Db,
  userId: string,
  convId: string,
  input: ScheduleMessageInput & { text: string },
  now: Date,
): Promise<FollowUpDto> {
  const conv = await ownConversation(db, userId, convId);
  const at = new Date(input.sendAt);
  if (at.getTime() <= now.getTime() + 30_000)
    throw new AppError('VALIDATION', 'Escolha um horário no futuro para o envio.');
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000)
    throw new AppError('VALIDATION', `Agende para no máximo ${SCHEDULE_MAX_DAYS} dias a partir de hoje.`);
  const [row] = await db
    .insert(followUps)
    .values({
      userId,
      convId,
      numberId: conv.numberId,
      kind: 'scheduled',
      dueAt: at,
      text: input.text,
      cancelOnReply: input.cancelOnReply ?? true,
    })
    .returning();
  return toDto(row!);
}

/** 'Cancelar': a touch or scheduled message that has not started to go. */
export async function cancelFollowUp(db: Db, userId: string, id: string): Promise<FollowUpDto> {
  const [row] = await db
    .update(followUps)
    .set({ state: 'cancelled', reason: FOLLOW_UP_REASONS.cancelledByOwner, updatedAt: new Date() })
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId), eq(followUps.state, 'scheduled')))
    .returning();
  if (row) return toDto(row);
  const [existing] = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId)));
  if (!existing) throw notFound();
  throw new AppError('CONFLICT', 'Esta mensagem já foi enviada ou cancelada.');
}
