import fs from 'node:fs';
import path from 'node:path';
import type { Ready } from '@vendai/contracts';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Gateway } from '../integrations/gateway/gateway.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { countAppliedMigrations, pingDatabase } from './probes-repository.ts';

type Check = Ready['checks']['database'];
const TIMEOUT_MS = 3_000;
/**
 * How long one answer of the gateway check is reused. /api/ready answers anyone (probes carry no
 * token), so without this every anonymous request would be a call to the Evolution API; probes ask
 * every 5–30 s, so they still see each change within one probe period.
 */
export const GATEWAY_CHECK_REUSE_MS = 5_000;

/**
 * GET /api/ready: can this process do its work? The database answers, every committed migration is
 * applied (a process started from newer code against an older schema is not ready), and the WhatsApp
 * gateway answers HTTP (the built-in simulator lives in this process, so it is ready with it). The
 * database checks run on each call; the gateway's answer is shared by the calls of GATEWAY_CHECK_REUSE_MS
 * (one call to the Evolution API at a time, however many ask).
 */
export function createReadinessCheck(deps: { database: Database; gateway: Gateway; env: Env }): () => Promise<Ready> {
  let gatewayCheck: { at: number; result: Promise<Check> } | null = null;
  const gatewayResult = () => {
    const now = performance.now();
    if (!gatewayCheck || now - gatewayCheck.at >= GATEWAY_CHECK_REUSE_MS) {
      gatewayCheck = { at: now, result: guarded(() => checkGateway(deps.gateway, deps.env)) };
    }
    return gatewayCheck.result;
  };
  return async () => {
    const [database, gateway] = await Promise.all([
      guarded(async () => {
        await pingDatabase(deps.database.db);
      }),
      gatewayResult(),
    ]);
    const migrations =
      database.status === 'ok' ? await guarded(() => checkMigrations(deps.database)) : failed('banco indisponível');
    const checks = { database, migrations, gateway };
    return { ready: Object.values(checks).every((c) => c.status === 'ok'), checks };
  };
}

async function checkMigrations(database: Database): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const applied = await countAppliedMigrations(database.db);
  if (applied < journal.entries.length) {
    throw new Error(`${applied} de ${journal.entries.length} migrações aplicadas`);
  }
}

/**
 * The Evolution API's root answers anyone (its welcome document), so the probe sends no key: the
 * global key stays off a call any stranger can trigger.
 */
async function checkGateway(gateway: Gateway, env: Env): Promise<void> {
  if (gateway.kind === 'simulator' || !env.EVOLUTION_API_URL) return;
  const res = await fetch(env.EVOLUTION_API_URL, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body?.cancel();
  if (res.status >= 500) throw new Error(`Evolution API respondeu ${res.status}`);
}

async function guarded(check: () => Promise<void>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'ok' };
  } catch (err) {
    return failed(describe(err));
  } finally {
    clearTimeout(timer);
  }
}

function failed(detail: string): Check {
  return { status: 'failed', detail };
}

function describe(err: unknown): string {
  const e = err as Error & { cause?: Error & { code?: string } };
  return [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(': ').slice(0, 300);
}
