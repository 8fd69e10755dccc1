import { z } from 'zod';
import { toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { defineJob, defineJobType } from '../../jobs/job.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import { selectPendingOutgoing, storeAcknowledgement } from './answers-repository.ts';
import { recordMessageOutcome } from './reminders-repository.ts';
import { REMINDER_REASONS } from './send-reminders.ts';

/**
 * 'booking-reminders.acknowledge': sends the stored acknowledgement of a customer's answer through the
 * door. At most once (no retry): the booking's change is already made and shown; an acknowledgement lost
 * to a crash mid-send is left failed rather than risk saying it twice.
 */
export const acknowledgeJobType = defineJobType({
  id: 'booking-reminders.acknowledge',
  payload: z.object({ messageId: z.guid(), userId: z.string() }),
  queue: { retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600 },
});

export function acknowledgeJob(deps: ReminderDeps) {
  return defineJob(acknowledgeJobType, async ({ messageId, userId: accountId }) => {
    const m = await selectPendingOutgoing(deps.db, messageId);
    if (!m) return;
    const result = await deps.sender.send({
      messageId,
      instanceName: m.instance_name,
      contactJid: m.contact_jid,
      text: m.content,
    });
    const message = await recordMessageOutcome(
      deps.db,
      m.conv_id,
      messageId,
      result.ok ? { externalId: result.externalId } : { error: REMINDER_REASONS.sendFailed },
    );
    if (message)
      await deps.realtime
        .publish(accountId, { event: 'message.updated', data: toMessageDto(message) })
        .catch(() => undefined);
  });
}

/** Stores the acknowledgement now (before the AI answers) and queues its send. */
export async function sendAcknowledgement(deps: ReminderDeps, accountId: string, convId: string, text: string) {
  const message = await storeAcknowledgement(deps.db, accountId, convId, text);
  await deps.realtime
    .publish(accountId, { event: 'message.created', data: toMessageDto(message) })
    .catch(() => undefined);
  await deps.jobs.send(acknowledgeJobType, { messageId: message.id, userId: accountId });
}
