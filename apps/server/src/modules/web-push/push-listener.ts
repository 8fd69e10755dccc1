import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { contactLabel, pushMessages } from './push-messages.ts';
import { type PushDeps, pushToMembers } from './send-push.ts';
import {
  selectConversationLabel,
  selectDraftText,
  selectNumberLabel,
  selectOrderTotal,
} from './web-push-repository.ts';

/**
 * Web Push listens to the engine's events (docs/decisions/060-events-features-listen.md,
 * docs/decisions/067-web-push.md): a customer asks for a person, a draft waits for approval, a Pix is
 * paid, a number disconnects. Never a branch in the reply path. The events job delivers at least once:
 * a repeat carries the same notification tag, so the phone replaces the notification instead of adding one.
 */
export function listenForWebPush(events: EngineEvents, deps: PushDeps): void {
  events.on('handoff.requested', async ({ userId: accountId, convId }) => {
    const who = contactLabel(await selectConversationLabel(deps.db, accountId, convId));
    await pushToMembers(deps, {
      accountId,
      convId,
      kind: 'handoff',
      message: pushMessages.handoff(convId, who),
    });
  });
  events.on('draft.held', async ({ userId: accountId, convId, draftId }) => {
    const draft = await selectDraftText(deps.db, accountId, draftId);
    // Already sent, discarded or superseded by the time the job ran: nothing to ask.
    if (draft?.state !== 'pending') return;
    const who = contactLabel(await selectConversationLabel(deps.db, accountId, convId));
    await pushToMembers(deps, {
      accountId,
      convId,
      kind: 'draft',
      message: pushMessages.draft(convId, draftId, who, draft.parts),
    });
  });
  events.on('order.paid', async ({ userId: accountId, convId, orderId }) => {
    const who = contactLabel(await selectConversationLabel(deps.db, accountId, convId));
    const total = await selectOrderTotal(deps.db, accountId, orderId);
    await pushToMembers(deps, {
      accountId,
      convId,
      kind: 'pixPaid',
      message: pushMessages.pixPaid(convId, orderId, who, total),
    });
  });
  events.on('number.disconnected', async ({ userId: accountId, numberId, problem }) => {
    const number = await selectNumberLabel(deps.db, accountId, numberId);
    if (!number) return;
    const label = number.apelido?.trim() || `+${number.phone}`;
    await pushToMembers(deps, {
      accountId,
      convId: null,
      kind: 'numberDisconnected',
      message: pushMessages.numberDisconnected(numberId, label, problem),
    });
  });
}
