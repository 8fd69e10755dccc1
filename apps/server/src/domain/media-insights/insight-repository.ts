import type { MessageInsightDto } from '@vendai/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaUsageMonthly, messageInsights } from '../../db/schema/index.ts';
import { monthStart } from '../usage/get-current-usage.ts';

export type InsightRow = typeof messageInsights.$inferSelect;
export type InsightKind = InsightRow['kind'];

/** Why an insight failed or was skipped, as the inbox says it. */
const REASONS: Record<string, string> = {
  'too-long': 'Áudio longo demais para transcrever.',
  'unknown-duration': 'Não foi possível medir a duração deste áudio.',
  'too-big': 'Arquivo grande demais para a IA ler.',
  'no-media': 'O arquivo não está disponível.',
  'no-vision': 'O modelo de IA configurado não lê imagens.',
  unreadable: 'Não foi possível ler o texto deste documento.',
  provider: 'A IA não conseguiu ler esta mídia agora.',
};

export function toInsightDto(row: Pick<InsightRow, 'messageId' | 'convId' | 'kind' | 'state' | 'text' | 'reason'>) {
  return {
    messageId: row.messageId,
    convId: row.convId,
    kind: row.kind,
    state: row.state,
    text: row.text,
    reason: row.reason ? (REASONS[row.reason] ?? REASONS.provider!) : null,
  } satisfies MessageInsightDto;
}

/** The stored insights of these messages, by message id. */
export async function findInsights(db: Db, messageIds: string[]): Promise<Map<string, InsightRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.select().from(messageInsights).where(inArray(messageInsights.messageId, messageIds));
  return new Map(rows.map((r) => [r.messageId, r]));
}

export interface NewInsight {
  messageId: string;
  userId: string;
  convId: string;
  kind: InsightKind;
  state: InsightRow['state'];
  text: string | null;
  reason: string | null;
  attempts: number;
}

/**
 * Stores an outcome; a done insight is never replaced (two workers understanding the same message
 * keep the first), a failed or skipped one is replaced by a later try (the owner asking again).
 */
export async function saveInsight(db: Db, insight: NewInsight): Promise<InsightRow> {
  const [row] = await db
    .insert(messageInsights)
    .values(insight)
    .onConflictDoUpdate({
      target: messageInsights.messageId,
      set: {
        state: insight.state,
        text: insight.text,
        reason: insight.reason,
        attempts: sql`${messageInsights.attempts} + ${insight.attempts}`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${messageInsights.state} <> 'done'`,
    })
    .returning();
  if (row) return row;
  const [kept] = await db.select().from(messageInsights).where(eq(messageInsights.messageId, insight.messageId));
  return kept!;
}

/** Counts one provider call that produced an insight, for the account's month. */
export async function countMediaUsage(
  db: Db,
  accountId: string,
  kind: InsightKind,
  seconds: number,
  now = new Date(),
): Promise<void> {
  const month = monthStart(now).toISOString().slice(0, 10);
  const add = {
    transcriptions: kind === 'transcript' ? 1 : 0,
    transcribedSeconds: kind === 'transcript' ? Math.max(0, Math.round(seconds)) : 0,
    descriptions: kind === 'description' ? 1 : 0,
    documents: kind === 'document' ? 1 : 0,
  };
  await db
    .insert(mediaUsageMonthly)
    .values({ userId: accountId, month, ...add })
    .onConflictDoUpdate({
      target: [mediaUsageMonthly.userId, mediaUsageMonthly.month],
      set: {
        transcriptions: sql`${mediaUsageMonthly.transcriptions} + ${add.transcriptions}`,
        transcribedSeconds: sql`${mediaUsageMonthly.transcribedSeconds} + ${add.transcribedSeconds}`,
        descriptions: sql`${mediaUsageMonthly.descriptions} + ${add.descriptions}`,
        documents: sql`${mediaUsageMonthly.documents} + ${add.documents}`,
      },
    });
}
