/**
 * The setup every engine test file shares, and the wait that replaces fixed sleeps.
 *
 * `useEngineApp()` at the top of a file starts one engine app (the real app on a port, the
 * simulator as gateway, the fake AI) before the file's first test and closes it after the last; what
 * it returns stands for that app inside tests and hooks.
 *
 * `waitEngineIdle()` waits on database state for "nothing more will happen": instead of sleeping
 * "long enough that a reply would have gone by now", a test waits until every message the simulated
 * customers sent has reached the server, every gateway event is processed and no reply is waiting, being written or
 * being sent — then asserts what did (or did not) reach the customer.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type BurstEvents, messages, replyBursts } from '../../src/db/schema/index.ts';
import type { EngineEventName, EngineEventPayload } from '../../src/domain/engine-events/engine-events.ts';
import { type EngineApp, type Shop, startEngineApp, waitFor } from './engine-harness.ts';
import { engineIdleOf } from './engine-progress.ts';

export function useEngineApp(...args: Parameters<typeof startEngineApp>): EngineApp {
  let app: EngineApp | undefined;
  beforeAll(async () => {
    app = await startEngineApp(...args);
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as EngineApp, {
    get(_target, key) {
      if (!app) throw new Error('the engine app starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(app, key);
    },
  });
}

/** True when the engine has nothing left to do for this shop (see engine-progress.ts). */
export function engineIdle(e: EngineApp, shop: Shop): Promise<boolean> {
  return engineIdleOf(e.t.database.db, {
    instanceName: shop.number.instanceName,
    numberId: shop.number.id,
    userId: shop.userId,
  });
}

/** Waits until engineIdle: every reply that was going to happen has happened. */
export async function waitEngineIdle(e: EngineApp, shop: Shop, timeoutMs = 15_000): Promise<void> {
  await waitFor(() => engineIdle(e, shop), 'the engine to finish with this shop', timeoutMs);
}

/** Waits until every gateway event received for this shop's number is processed (stored or dropped). */
export async function waitEventsProcessed(e: EngineApp, shop: Shop): Promise<void> {
  await waitFor(async () => {
    const result = await e.t.database.db.execute(
      sql`select count(*) as n from gateway_events where number_id = ${shop.number.id} and processed_at is null`,
    );
    return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n) === 0;
  }, 'every gateway event processed');
}

/** Listens to `name` on the running app (as a feature would) and keeps what it heard. */
export function hear<N extends EngineEventName>(e: EngineApp, name: N): EngineEventPayload<N>[] {
  const heard: EngineEventPayload<N>[] = [];
  e.t.app.deps.events.on(name, async (payload) => void heard.push(payload));
  return heard;
}

/** An answer's first part stored as in flight, as a dead sender left it (its burst: abandonedBurst). */
export async function partInFlight(e: EngineApp, shop: Shop, convId: string, text: string) {
  const [msg] = await e.t.database.db
    .insert(messages)
    .values({
      userId: shop.userId,
      convId,
      direction: 'out',
      content: text,
      fromMe: true,
      author: 'ai',
      status: 'pending',
    })
    .returning();
  return msg!;
}

/**
 * The burst a dead sender held: 'sending' with the part `messageId` in flight (its first), the events
 * it had stored (if any), its claim lapsed long ago — the recovery takes it over.
 */
export async function abandonedBurst(
  e: EngineApp,
  shop: Shop,
  convId: string,
  o: { messageId: string; parts: string[]; events?: BurstEvents },
) {
  const [burst] = await e.t.database.db
    .insert(replyBursts)
    .values({
      userId: shop.userId,
      convId,
      state: 'sending',
      firstMessageAt: new Date(),
      lastMessageAt: new Date(),
      dueAt: new Date(),
      parts: o.parts,
      events: o.events ?? null,
      sentParts: 0,
      inflightMessageId: o.messageId,
      claimToken: randomUUID(),
      claimedAt: new Date(Date.now() - 3_600_000),
    })
    .returning();
  return burst!;
}
