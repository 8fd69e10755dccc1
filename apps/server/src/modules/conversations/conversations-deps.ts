import type { RealtimeEvent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import type { Gateway } from '../../integrations/gateway/gateway.ts';
import type { AvatarCache } from './avatar-cache.ts';

/** What the inbox services need: the database, the gateway (contact pictures) and the realtime hub. */
export interface ConversationsDeps {
  db: Db;
  gateway: Gateway;
  /** Pushes an event to the user's open inbox tabs; called after the database write. */
  publish: (accountId: string, event: RealtimeEvent) => void | Promise<void>;
  avatars: AvatarCache;
}
