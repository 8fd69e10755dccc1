import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pixStandinCustomers, pixStandinPayments, pixStandinWebhooks } from './schema.ts';

/** The database handle the app lends the stand-in: any drizzle PostgreSQL database (PGlite or node-postgres). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the app's database handle
export type PixStandinDb = PgDatabase<PgQueryResultHKT, any>;

export type StandinPayment = typeof pixStandinPayments.$inferSelect;

/** Asaas-like ids: prefix + random, e.g. pay_local_3f9a… */
export const newId = (prefix: string) => `${prefix}_local_${randomBytes(10).toString('hex')}`;

/** An account is its API key; only the key's hash is kept. */
export const accountOf = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

/** The stand-in's customers, payments and webhooks in its own tables of the app's database. */
export function createPixStandinStore(db: PixStandinDb) {
  return {
    async addCustomer(account: string, c: { name: string; mobilePhone: string | null; cpfCnpj: string | null }) {
      const [row] = await db
        .insert(pixStandinCustomers)
        .values({ id: newId('cus'), account, ...c })
        .returning();
      return row!;
    },
    async customer(account: string, id: string) {
      const [row] = await db
        .select()
        .from(pixStandinCustomers)
        .where(and(eq(pixStandinCustomers.id, id), eq(pixStandinCustomers.account, account)));
      return row ?? null;
    },
    /** One account's customers with this CPF/CNPJ, oldest first. */
    async customersByDocument(account: string, cpfCnpj: string) {
      return db
        .select()
        .from(pixStandinCustomers)
        .where(and(eq(pixStandinCustomers.account, account), eq(pixStandinCustomers.cpfCnpj, cpfCnpj)))
        .orderBy(asc(pixStandinCustomers.createdAt));
    },
    async addPayment(p: typeof pixStandinPayments.$inferInsert) {
      const [row] = await db.insert(pixStandinPayments).values(p).returning();
      return row!;
    },
    /** One account's payment (another account's is not found, like Asaas). */
    async payment(account: string, id: string) {
      const [row] = await db
        .select()
        .from(pixStandinPayments)
        .where(and(eq(pixStandinPayments.id, id), eq(pixStandinPayments.account, account)));
      return row ?? null;
    },
    /** Any account's payment: the bank-app page pays whatever charge it is shown. */
    async paymentById(id: string) {
      const [row] = await db.select().from(pixStandinPayments).where(eq(pixStandinPayments.id, id));
      return row ?? null;
    },
    async paymentByPayload(payload: string) {
      const [row] = await db.select().from(pixStandinPayments).where(eq(pixStandinPayments.pixPayload, payload));
      return row ?? null;
    },
    async paymentsByReference(account: string, externalReference: string) {
      return db
        .select()
        .from(pixStandinPayments)
        .where(
          and(
            eq(pixStandinPayments.account, account),
            eq(pixStandinPayments.externalReference, externalReference),
            eq(pixStandinPayments.deleted, false),
          ),
        )
        .orderBy(asc(pixStandinPayments.createdAt));
    },
    async recentPayments(limit = 10) {
      return db.select().from(pixStandinPayments).orderBy(desc(pixStandinPayments.createdAt)).limit(limit);
    },
    /**
     * A Mercado Pago payment made once per account and X-Idempotency-Key: a second call with the same
     * key (even concurrent) gets the payment the first one made, whatever its body.
     */
    async addIdempotentPayment(p: typeof pixStandinPayments.$inferInsert & { idempotencyKey: string }) {
      const [made] = await db.insert(pixStandinPayments).values(p).onConflictDoNothing().returning();
      if (made) return made;
      const [first] = await db
        .select()
        .from(pixStandinPayments)
        .where(and(eq(pixStandinPayments.account, p.account), eq(pixStandinPayments.idempotencyKey, p.idempotencyKey)));
      return first!;
    },
    /** One account's payments made through `api`, newest first, optionally with this external reference. */
    async searchPayments(o: {
      account: string;
      api: string;
      externalReference?: string;
      limit: number;
      offset: number;
    }) {
      const where = and(
        eq(pixStandinPayments.account, o.account),
        eq(pixStandinPayments.api, o.api),
        o.externalReference === undefined ? undefined : eq(pixStandinPayments.externalReference, o.externalReference),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(pixStandinPayments)
          .where(where)
          .orderBy(desc(pixStandinPayments.createdAt), desc(pixStandinPayments.id))
          .limit(o.limit)
          .offset(o.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(pixStandinPayments)
          .where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    /**
     * Like Mercado Pago, a Pix left unpaid past its date_of_expiration is cancelled ('expired'): done
     * when the account's payments (or this one) are next looked at, so an expired Pix can't be paid.
     */
    async expireOverdue(where: { account: string } | { id: string }) {
      await db
        .update(pixStandinPayments)
        .set({ status: 'cancelled', statusDetail: 'expired' })
        .where(
          and(
            'account' in where ? eq(pixStandinPayments.account, where.account) : eq(pixStandinPayments.id, where.id),
            eq(pixStandinPayments.api, 'mercadopago'),
            eq(pixStandinPayments.status, 'pending'),
            lt(pixStandinPayments.expiresAt, sql`now()`),
          ),
        );
    },
    /** Moves a payment from one status to another; null when it was not in `from` (a second click changes nothing). */
    async setStatus(id: string, from: string[], to: string, o: { paymentDate?: string; statusDetail?: string } = {}) {
      const [row] = await db
        .update(pixStandinPayments)
        .set({
          status: to,
          ...(o.paymentDate ? { paymentDate: o.paymentDate } : {}),
          ...(o.statusDetail ? { statusDetail: o.statusDetail } : {}),
        })
        .where(
          and(
            eq(pixStandinPayments.id, id),
            inArray(pixStandinPayments.status, from),
            eq(pixStandinPayments.deleted, false),
          ),
        )
        .returning();
      return row ?? null;
    },
    /**
     * Removes one account's payment if it is still awaiting payment or overdue, like Asaas: 'refused'
     * for any other status (a received payment stays), 'not_found' when absent or removed already.
     */
    async deletePayment(account: string, id: string): Promise<'deleted' | 'refused' | 'not_found'> {
      const [row] = await db
        .update(pixStandinPayments)
        .set({ deleted: true })
        .where(
          and(
            eq(pixStandinPayments.id, id),
            eq(pixStandinPayments.account, account),
            eq(pixStandinPayments.deleted, false),
            inArray(pixStandinPayments.status, ['PENDING', 'OVERDUE']),
          ),
        )
        .returning({ id: pixStandinPayments.id });
      if (row) return 'deleted';
      const [current] = await db
        .select({ deleted: pixStandinPayments.deleted })
        .from(pixStandinPayments)
        .where(and(eq(pixStandinPayments.id, id), eq(pixStandinPayments.account, account)));
      return current && !current.deleted ? 'refused' : 'not_found';
    },
    async addWebhook(account: string, w: { url: string; authToken: string | null; email: string | null }) {
      const [row] = await db
        .insert(pixStandinWebhooks)
        .values({ id: newId('wh'), account, ...w })
        .returning();
      return row!;
    },
    async updateWebhook(
      account: string,
      id: string,
      w: { url: string; authToken: string | null; email: string | null },
    ) {
      const [row] = await db
        .update(pixStandinWebhooks)
        .set(w)
        .where(and(eq(pixStandinWebhooks.id, id), eq(pixStandinWebhooks.account, account)))
        .returning();
      return row ?? null;
    },
    async deleteWebhook(account: string, id: string) {
      const rows = await db
        .delete(pixStandinWebhooks)
        .where(and(eq(pixStandinWebhooks.id, id), eq(pixStandinWebhooks.account, account)))
        .returning();
      return rows.length > 0;
    },
    /** The account's webhooks, oldest first. */
    async webhooks(account: string) {
      return db
        .select()
        .from(pixStandinWebhooks)
        .where(eq(pixStandinWebhooks.account, account))
        .orderBy(asc(pixStandinWebhooks.createdAt), asc(pixStandinWebhooks.id));
    },
  };
}

export type PixStandinStore = ReturnType<typeof createPixStandinStore>;
