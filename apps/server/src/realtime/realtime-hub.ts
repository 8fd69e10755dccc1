import type { RealtimeEvent } from '@vendai/contracts';

/**
 * Pushes resource events to the owning user's open WebSocket connections, in every server process.
 *
 * publish() sends the event through Postgres NOTIFY on one channel (see wire-format.ts); every
 * process LISTENs on that channel and hands each event to its local sockets of that user only.
 * Call it AFTER the database commit of the change it describes.
 */
export interface RealtimeHub {
  /**
   * Delivers `event` to every connection of `accountId`, in this process and the others. Resolves once
   * the NOTIFY is committed. Outside production the event is validated against realtimeEventSchema
   * and an invalid one throws (a programming error). A database failure is logged, not thrown:
   * realtime is best-effort, clients refetch when they reconnect.
   */
  publish(accountId: string, event: RealtimeEvent): Promise<void>;
  /** Local subscription (the WebSocket route uses it); returns the unsubscribe function. */
  subscribe(accountId: string, listener: RealtimeListener): () => void;
  /** Called when the LISTEN connection was lost and is back: events may have been missed. */
  onResync(listener: () => void): () => void;
  /** Starts listening; publish() works before, delivery starts after. */
  start(): Promise<void>;
  /** Stops listening and drops local subscribers. */
  close(): Promise<void>;
}

/** `json` is JSON.stringify(event), made once for all of the user's connections. */
export type RealtimeListener = (event: RealtimeEvent, json: string) => void;
