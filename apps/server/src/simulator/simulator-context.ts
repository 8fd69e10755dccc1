import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { SimInstance } from './simulator-repository.ts';
import { SIM_TIMING, SIMULATOR_API_PREFIX, simulatorApiKey } from './simulator-config.ts';
import { createWebhookDispatcher, type RetryPolicy } from './webhook-dispatcher.ts';
import { emitWebhook } from './sim-webhooks.ts';

export type Json = Record<string, unknown>;

export interface SimulatorOptions {
  db: Db;
  env: Pick<Env, 'appUrl' | 'authSecret'>;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** The phone the app's number was created with, suggested in the approval form (the app lends it). */
  appPhoneOf?: (instanceName: string) => Promise<string | null>;
  retry?: RetryPolicy;
  timing?: Partial<Record<keyof typeof SIM_TIMING, number>>;
}

/**
 * What every part of the simulator shares: the database, the clock settings, the webhook dispatcher
 * and the timers that stop when the simulator closes.
 */
export type SimContext = ReturnType<typeof createSimContext>;

export function createSimContext({ db, env, log, appPhoneOf, retry, timing: timingOverride }: SimulatorOptions) {
  const timing: Record<keyof typeof SIM_TIMING, number> = { ...SIM_TIMING, ...timingOverride };
  const apiKey = simulatorApiKey(env);
  const serverUrl = `${env.appUrl}${SIMULATOR_API_PREFIX}`;
  const dispatcher = createWebhookDispatcher(log, retry);
  const timers = new Set<NodeJS.Timeout>();
  const intervals = new Set<NodeJS.Timeout>();
  let closed = false;

  return {
    db,
    env,
    log,
    timing,
    appPhoneOf: appPhoneOf ?? (async () => null),
    apiKey,
    serverUrl,
    dispatcher,
    isClosed: () => closed,

    /** Runs `fn` after `ms` unless the simulator closed meanwhile. */
    later(ms: number, fn: () => Promise<unknown>) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closed) fn().catch((err) => log.error({ err }, 'simulator task failed'));
      }, ms);
      timer.unref();
      timers.add(timer);
    },

    /** A repeating task that stops when the simulator closes. */
    every(ms: number, fn: () => void) {
      const interval = setInterval(fn, ms);
      interval.unref();
      intervals.add(interval);
    },

    sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),

    /** Sends one event through the instance's webhook, if it is enabled and subscribed to it. */
    emit(instance: SimInstance, event: string, data: unknown) {
      emitWebhook(dispatcher, serverUrl, instance, event, data);
    },

    close() {
      closed = true;
      for (const interval of intervals) clearInterval(interval);
      intervals.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      dispatcher.close();
    },
  };
}
