import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentsStandinMeterEvents, paymentsStandinObjects } from '../../../db/schema/index.ts';

/** Stripe-like ids: prefix + random, e.g. cus_local_3f9a… */
export const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export type StandinObject = Record<string, any> & { id: string };

/** The stand-in's objects in the app database (every process and a restart see the same state). */
export function createStandinStore(db: Db) {
  return {
    async get(kind: string, id: string): Promise<StandinObject | null> {
      const [row] = await db
        .select({ data: paymentsStandinObjects.data })
        .from(paymentsStandinObjects)
        .where(and(eq(paymentsStandinObjects.id, id), eq(paymentsStandinObjects.kind, kind)));
      return (row?.data as StandinObject | undefined) ?? null;
    },

    async put(kind: string, object: StandinObject): Promise<StandinObject> {
      await db
        .insert(paymentsStandinObjects)
        .values({ id: object.id, kind, data: object })
        .onConflictDoUpdate({ target: paymentsStandinObjects.id, set: { data: object } });
      return object;
    },

    /** Inserts only when the id is new; returns the stored object either way (idempotency keys). */
    async putOnce(kind: string, object: StandinObject): Promise<StandinObject> {
      await db.insert(paymentsStandinObjects).values({ id: object.id, kind, data: object }).onConflictDoNothing();
      return (await this.get(kind, object.id))!;
    },

    async list(kind: string): Promise<StandinObject[]> {
      const rows = await db
        .select({ data: paymentsStandinObjects.data })
        .from(paymentsStandinObjects)
        .where(eq(paymentsStandinObjects.kind, kind));
      return rows.map((r) => r.data as StandinObject);
    },

    /** The stand-in's clock: real time plus an offset moved by 'advance' (like Stripe's test clocks). */
    async now(): Promise<number> {
      const clock = await this.get('clock', 'clock');
      return Math.floor(Date.now() / 1000) + Number(clock?.offsetSeconds ?? 0);
    },

    async advance(seconds: number): Promise<number> {
      const clock = await this.get('clock', 'clock');
      await this.put('clock', { id: 'clock', offsetSeconds: Number(clock?.offsetSeconds ?? 0) + seconds });
      return this.now();
    },

    /** A meter event, unique by identifier like Stripe's: false when it was already there. */
    async addMeterEvent(e: {
      identifier: string;
      eventName: string;
      customerId: string;
      value: number;
    }): Promise<boolean> {
      const inserted = await db
        .insert(paymentsStandinMeterEvents)
        .values(e)
        .onConflictDoNothing()
        .returning({ id: paymentsStandinMeterEvents.identifier });
      if (inserted.length) return true;
      await db
        .update(paymentsStandinMeterEvents)
        .set({ duplicates: sql`${paymentsStandinMeterEvents.duplicates} + 1` })
        .where(eq(paymentsStandinMeterEvents.identifier, e.identifier));
      return false;
    },
  };
}

export type StandinStore = ReturnType<typeof createStandinStore>;
