import type { PushKind, PushMessage } from '@vendai/contracts';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/client.ts';
import type { VapidKeys } from './vapid-keys.ts';
import { deleteSubscriptionById, selectTargets } from './web-push-repository.ts';

/** How long a push service keeps a message for a browser that is offline: a day (RFC 8030 section 5.2). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushDeps {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  /** The https agent for an endpoint, when it is not the default (the local stand-in's own certificate). */
  agentFor?: (endpoint: string) => Agent | undefined;
}

/**
 * Sends one notification to every browser of the members who want `kind` (web-push: aes128gcm, VAPID,
 * RFC 8030/8291/8292). A browser whose push service answers 404 or 410 unsubscribed or expired: its row is
 * deleted. Any other failure is logged and skipped (never fatal, like every listener); returns how many
 * push services accepted it.
 */
export async function pushToMembers(
  deps: PushDeps,
  o: { accountId: string; convId: string | null; kind: PushKind; message: PushMessage },
): Promise<number> {
  const targets = await selectTargets(deps.db, o);
  let accepted = 0;
  const payload = JSON.stringify(o.message);
  for (const target of targets) {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          TTL: PUSH_TTL_SECONDS,
          urgency: o.kind === 'pixPaid' ? 'normal' : 'high',
          contentEncoding: 'aes128gcm',
          vapidDetails: deps.vapid,
          timeout: 10_000,
          agent: deps.agentFor?.(target.endpoint),
        },
      );
      accepted++;
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await deleteSubscriptionById(deps.db, target.id);
        deps.log.info({ subscription: target.id, status: err.statusCode }, 'web push: subscription gone, deleted');
        continue;
      }
      deps.log.warn(
        { err, subscription: target.id, status: err instanceof WebPushError ? err.statusCode : undefined },
        'web push: not delivered',
      );
    }
  }
  return accepted;
}
