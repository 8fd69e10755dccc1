import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Auth } from './modules/auth/create-auth.ts';

/** What routes and services get from the app: built once in app.ts. */
export interface AppDeps {
  env: Env;
  db: Db;
  database: Database;
  auth: Auth;
  mailer: Mailer;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by the requireUser hook on protected route trees. */
    user: SessionUser;
  }
}
