import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { GatewayEventHub } from './integrations/gateway/event-hub.ts';
import type { Gateway } from './integrations/gateway/gateway.ts';
import type { Jobs } from './jobs/job.ts';
import type { Llm } from './integrations/llm/llm.ts';
import type { MediaAi } from './integrations/media-ai/media-ai.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Storage } from './integrations/storage/storage.ts';
import type { Auth } from './integrations/auth/create-auth.ts';
import type { RealtimeHub } from './realtime/realtime-hub.ts';
import type { RateLimitCounter } from './plugins/rate-limit-store.ts';
import type { Alarms } from './observability/alarms.ts';
import type { AccountRole } from './domain/team/membership.ts';
import type { AttendantPermission } from '@vendai/contracts/team';
import type { EngineEvents } from './domain/engine-events/event-bus.ts';

/** What routes and services get from the app: built once in app.ts. */
export interface AppDeps {
  env: Env;
  db: Db;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** LLM port: OpenAI-compatible endpoint or the offline demo provider (integrations/llm). */
  llm: Llm;
  /** Voice-note transcription and image description (integrations/media-ai), each part possibly off. */
  mediaAi: MediaAi;
  /** Pushes resource events to the owner's WebSocket connections in every process (realtime/realtime-hub.ts). */
  realtime: RealtimeHub;
  /** Media files (integrations/storage/storage.ts); served to the owner at /api/media/<key>. */
  storage: Storage;
  /** WhatsApp gateway port: Evolution API v2.3.x or the built-in simulator, same HTTP client (integrations/gateway). */
  gateway: Gateway;
  /** Stored gateway message events and connection changes, dispatched by the webhook receiver (integrations/gateway/event-hub.ts). */
  gatewayEvents: GatewayEventHub;
  /** Durable jobs in the same Postgres (pg-boss): register before start, send from services (jobs/job.ts). */
  jobs: Jobs;
  /** The abuse limits' counters, shared by every process through the database (plugins/rate-limit-store.ts). */
  rateLimits: RateLimitCounter;
  /**
   * The engine's named events: features register listeners at composition and publish through
   * domain/engine-events/event-job.ts (docs/decisions/060-events-features-listen.md).
   */
  events: EngineEvents;
  /** Signs of abuse for the operator: a warn log line and a metric (observability/alarms.ts). */
  alarms: Alarms;
}

/** The signed-in person and the account they act on (docs/decisions/044-team-roles-and-assignment.md). */
export interface SessionUser {
  /** The account: the owner's user id, which every query scopes by. */
  id: string;
  /** The person signed in (the owner or an attendant of the account). */
  actorId: string;
  role: AccountRole;
  /** The person's name and e-mail. */
  name: string;
  email: string;
  /** The person confirmed their e-mail (docs/decisions/051-verified-email-and-membership-end.md). */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyContextConfig {
    /** A route that stays the owner's inside a module opened to the team (plugins/require-user.ts). */
    ownerOnly?: boolean;
    /** A read the team needs inside an owner's module (plugins/require-user.ts). */
    openToTeam?: boolean;
    /** A route an attendant may use only when the owner allowed it on Equipe (plugins/require-user.ts). */
    permission?: AttendantPermission;
  }
  interface FastifyRequest {
    /** Set by the requireUser hook on protected route trees. */
    user: SessionUser;
  }
}
