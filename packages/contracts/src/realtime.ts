import { z } from 'zod';
import { agentTestRunSummarySchema } from './agent-tests.ts';
import { replyDraftDtoSchema } from './approval.ts';
import {
  conversationDtoSchema,
  messageDtoSchema,
  messageInsightDtoSchema,
  numberStatusDtoSchema,
} from './conversations.ts';
import { funnelMoveSchema } from './funnel.ts';
import { conversationLabelsSchema, labelDtoSchema, noteEventSchema } from './conversation-tools.ts';

/**
 * Events pushed over the WebSocket at /api/realtime, named resource.action (chatwoot style).
 * The server publishes after the database commit, only to the owning user.
 */
export const realtimeEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('conversation.created'), data: conversationDtoSchema }),
  z.object({ event: z.literal('conversation.updated'), data: conversationDtoSchema }),
  z.object({ event: z.literal('conversation.deleted'), data: z.object({ id: z.string() }) }),
  z.object({ event: z.literal('message.created'), data: messageDtoSchema }),
  z.object({ event: z.literal('message.updated'), data: messageDtoSchema }),
  /** A voice note's transcript, an image's description or a document's text is ready (or gave up). */
  z.object({ event: z.literal('message.insight'), data: messageInsightDtoSchema }),
  z.object({ event: z.literal('number.updated'), data: numberStatusDtoSchema }),
  /** A run of the agent's tests moved on (docs/decisions/039-agent-tests.md). */
  z.object({ event: z.literal('agent-tests.run.updated'), data: agentTestRunSummarySchema }),
  /** An AI draft waiting for approval was created, sent, discarded or replaced (docs/decisions/045-approval-mode.md). */
  z.object({ event: z.literal('draft.updated'), data: replyDraftDtoSchema }),
  /** A card of 'Funil de vendas' moved, by a person or by the AI (docs/decisions/043-labels-notes-funnel.md). */
  z.object({ event: z.literal('funnel.moved'), data: funnelMoveSchema }),
  /** The funnel's stages were created, renamed, reordered or deleted: boards reload them. */
  z.object({ event: z.literal('funnel.stages.updated'), data: z.object({}) }),
  /** The account's labels and notes (docs/decisions/043-labels-notes-funnel.md). */
  z.object({ event: z.literal('label.created'), data: labelDtoSchema }),
  z.object({ event: z.literal('label.updated'), data: labelDtoSchema }),
  z.object({ event: z.literal('label.deleted'), data: z.object({ id: z.string() }) }),
  z.object({ event: z.literal('conversation-labels.updated'), data: conversationLabelsSchema }),
  z.object({ event: z.literal('note.created'), data: noteEventSchema }),
  z.object({ event: z.literal('note.deleted'), data: noteEventSchema }),
  /**
   * The owner removed a member (docs/decisions/051-verified-email-and-membership-end.md): sent inside the
   * removal's own transaction, so it reaches every process before any later event of the account; the
   * removed person's sockets are closed on it (4401), the others refresh the team.
   */
  z.object({ event: z.literal('member.removed'), data: z.object({ userId: z.string() }) }),
  /** Someone accepted an invitation: every open page of the account reads the team again (no reload). */
  z.object({ event: z.literal('member.joined'), data: z.object({ userId: z.string() }) }),
  /** A booking was made, moved, cancelled or marked (docs/decisions/069-agenda.md): open agendas reload. */
  z.object({ event: z.literal('agenda.updated'), data: z.object({ bookingId: z.string() }) }),
  /**
   * Something was written in the owner's channel (an alert's echo, the owner's answer, their statuses): 'Avisos'
   * reads it again. The chat itself is never published as a conversation or a message
   * (docs/decisions/048-opt-out-and-owner-channel.md): no inbox, attendant's included, ever holds it.
   */
  z.object({ event: z.literal('owner-channel.updated'), data: z.object({}) }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventName = RealtimeEvent['event'];
