import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { TIMING } from '@vendai/contracts';
import type { Database } from '../db/client.ts';
import { REALTIME_CHANNEL } from './wire-format.ts';

/**
 * NOTIFY/LISTEN on the app's database, whichever engine it is.
 * - PGlite (one process owns the data directory): `pglite.listen`.
 * - PostgreSQL: NOTIFY through the pool; LISTEN on a dedicated pg.Client (outside the pool, so it
 *   never takes a query connection), reconnecting after 1, 2, 5, 10, 10… s when the connection drops.
 */
export interface NotifyTransport {
  /** Sends the payloads in one statement (one transaction: delivered together and in order). */
  notify(payloads: string[]): Promise<void>;
  /** Starts listening. `onResume` runs after a lost LISTEN connection is back (events may have been missed). */
  listen(onPayload: (payload: string) => void, onResume: () => void): Promise<void>;
  close(): Promise<void>;
}

// The payloads travel as one JSON array (node-postgres escapes a text[] parameter character by
// character, which cost more than the NOTIFY itself); elements come back in array order.
const NOTIFY_SQL = `select pg_notify($1, p) from json_array_elements_text($2::json) as p`;

export function createNotifyTransport(database: Database, log: FastifyBaseLogger): NotifyTransport {
  if (database.kind === 'pglite') return pgliteTransport(database.pglite!);
  return postgresTransport(database.pool!, log);
}

function pgliteTransport(pglite: PGlite): NotifyTransport {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async notify(payloads) {
      await pglite.query(NOTIFY_SQL, [REALTIME_CHANNEL, JSON.stringify(payloads)]);
    },
    async listen(onPayload) {
      unlisten = await pglite.listen(REALTIME_CHANNEL, onPayload);
    },
    async close() {
      const stop = unlisten;
      unlisten = undefined;
      if (stop && !pglite.closed) await stop().catch(() => {});
    },
  };
}

function postgresTransport(pool: pg.Pool, log: FastifyBaseLogger): NotifyTransport {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let onPayload: (payload: string) => void = () => {};
  let onResume: () => void = () => {};

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...pool.options, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', (err) => {
      if (closed || client !== c) return;
      log.warn({ err: err.message }, 'realtime: LISTEN connection lost; reconnecting');
      dropAndRetry(c);
    });
    c.on('end', () => {
      if (closed || client !== c) return;
      log.warn('realtime: LISTEN connection ended; reconnecting');
      dropAndRetry(c);
    });
    client = c;
    await c.connect();
    await c.query(`LISTEN ${REALTIME_CHANNEL}`);
  }

  function dropAndRetry(c: pg.Client) {
    if (client === c) client = undefined;
    c.end().catch(() => {});
    if (closed || retryTimer) return;
    const delays = TIMING.realtimeReconnectDelaysMs;
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect()
        .then(() => {
          attempt = 0;
          log.info('realtime: LISTEN connection back');
          onResume();
        })
        .catch((err: Error) => {
          log.warn({ err: err.message }, 'realtime: LISTEN reconnect failed');
          if (client) dropAndRetry(client);
        });
    }, delay);
    retryTimer.unref();
  }

  return {
    async notify(payloads) {
      // Named: parsed and planned once per connection.
      await pool.query({
        name: 'vendai_realtime_notify',
        text: NOTIFY_SQL,
        values: [REALTIME_CHANNEL, JSON.stringify(payloads)],
      });
    },
    async listen(handler, resume) {
      onPayload = handler;
      onResume = resume;
      await connect();
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
