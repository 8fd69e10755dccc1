import type { RealtimeEvent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';

/** What the labels, notes and contact panel services need: the database and the account's realtime. */
export interface ConversationToolsDeps {
  db: Db;
  /** Pushes an event to every open inbox of the account; called after the write committed. */
  publish: (accountId: string, event: RealtimeEvent) => Promise<void>;
}
