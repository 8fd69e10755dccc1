import {
  PUSH_ENDPOINT_INVALID,
  PUSH_NOT_CONFIGURED,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  type PushPreferences,
  type PushSettings,
  type PushSubscriptionInput,
} from '@vendai/contracts';
import { isIP } from 'node:net';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../types.ts';
import {
  deleteMemberSubscription,
  selectMemberSubscriptions,
  selectPreferences,
  upsertPreferences,
  upsertSubscription,
} from './web-push-repository.ts';

export interface PushSettingsDeps {
  db: Db;
  /** The VAPID public key browsers subscribe with; null: notifications not configured. */
  publicKey: string | null;
  /** Origins accepted besides https ones: the local push stand-in's, when it runs. */
  localOrigins: readonly string[];
}

const member = (user: SessionUser) => ({ accountId: user.id, memberId: user.actorId });

export async function pushSettings(deps: PushSettingsDeps, user: SessionUser): Promise<PushSettings> {
  const { accountId, memberId } = member(user);
  const [preferences, subscriptions] = await Promise.all([
    selectPreferences(deps.db, memberId),
    selectMemberSubscriptions(deps.db, accountId, memberId),
  ]);
  return {
    publicKey: deps.publicKey,
    preferences,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      service: new URL(s.endpoint).host,
      createdAt: s.createdAt.toISOString(),
    })),
  };
}

/**
 * Stores the browser's subscription for the person signed in. The endpoint must be a push service's
 * https address by name (or the local stand-in's): the server posts to it, so localhost, an IP address
 * or a bare host name is refused.
 */
export async function subscribe(deps: PushSettingsDeps, user: SessionUser, input: PushSubscriptionInput) {
  if (!deps.publicKey) throw new AppError('CONFLICT', PUSH_NOT_CONFIGURED);
  const url = new URL(input.endpoint);
  if (!deps.localOrigins.includes(url.origin) && (url.protocol !== 'https:' || isLocalHost(url.hostname)))
    throw new AppError('VALIDATION', PUSH_ENDPOINT_INVALID, { fields: { endpoint: PUSH_ENDPOINT_INVALID } });
  const row = await upsertSubscription(deps.db, {
    ...member(user),
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  return { id: row.id, service: url.host, createdAt: row.createdAt.toISOString() };
}

/** An address on the server's own machine or network by name or number: never a push service's. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0 || !host.includes('.');
}

export async function unsubscribe(deps: PushSettingsDeps, user: SessionUser, id: string): Promise<void> {
  const { accountId, memberId } = member(user);
  if (!(await deleteMemberSubscription(deps.db, accountId, memberId, id)))
    throw new AppError('NOT_FOUND', PUSH_SUBSCRIPTION_NOT_FOUND);
}

export async function setPreferences(deps: PushSettingsDeps, user: SessionUser, p: PushPreferences) {
  await upsertPreferences(deps.db, user.actorId, p);
  return p;
}
