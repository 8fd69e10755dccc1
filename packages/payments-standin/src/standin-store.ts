import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { StandinDb } from './standin-db.ts';
import { paymentsStandinMeterEvents, paymentsStandinObjects } from './schema.ts';

/** Stripe-like ids: prefix + random, e.g. cus_local_3f9a… */
export const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export type StandinObject = Record<string, any> & { id: string };

const clockId = (customerId: string) => `clock_${customerId}`;

/** The stand-in's objects in its own tables of the app's database (every process and a restart see the same state). */
export function createStandinStore(db: StandinDb) {
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

    /**
     * The stand-in's time for one customer: real time plus that customer's test clock (like a Stripe
     * test clock, which belongs to one customer). Without a customer, real time.
     */
    async now(customerId?: string | null): Promise<number> {
      const clock = customerId ? await this.get('clock', clockId(customerId)) : null;
      return Math.floor(Date.now() / 1000) + Number(clock?.offsetSeconds ?? 0);
    },

    /** Moves one customer's test clock forward; nobody else's time changes. */
    async advance(customerId: string, seconds: number): Promise<number> {
      const clock = await this.get('clock', clockId(customerId));
      await this.put('clock', { id: clockId(customerId), offsetSeconds: Number(clock?.offsetSeconds ?? 0) + seconds });
      return this.now(customerId);
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
