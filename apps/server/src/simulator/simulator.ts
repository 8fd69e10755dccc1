/**
 * The built-in WhatsApp simulator: what an Evolution API 2.3.7 server (with Baileys and the phones
 * around it) would do, kept in the app's database. The REST routes (evolution-routes.ts) and the
 * page's control routes (ui-routes.ts) both call this object; every state change goes out as a real
 * webhook (webhook-dispatcher.ts). By concern:
 * - simulator-context.ts: shared database, timing, timers and the webhook emitter;
 * - sim-session.ts: QR cycle and session end; sim-instances.ts: REST instance endpoints;
 * - sim-messages.ts: REST message and chat endpoints; sim-webhooks.ts: webhook config and dispatch;
 * - sim-page.ts + sim-views.ts: the page's API (approve, chats, write as a customer).
 */
import { createSimContext, type SimulatorOptions } from './simulator-context.ts';
import { createInstancesApi } from './sim-instances.ts';
import { createMessagesApi } from './sim-messages.ts';
import { createPageApi } from './sim-page.ts';
import { createSimSession } from './sim-session.ts';
import { createWebhookConfigApi } from './sim-webhooks.ts';

export type { SimulatorOptions };

export type Simulator = ReturnType<typeof createSimulator>;

export function createSimulator(options: SimulatorOptions) {
  const ctx = createSimContext(options);
  const session = createSimSession(ctx);
  return {
    apiKey: ctx.apiKey,
    serverUrl: ctx.serverUrl,
    ...createInstancesApi(ctx, session),
    ...createMessagesApi(ctx, session.instanceOr404),
    ...createWebhookConfigApi(ctx, session.instanceOr404),
    ...createPageApi(ctx, session),

    /** Resolves when every webhook queued so far went out once (tests). */
    settled: () => ctx.dispatcher.settled(),

    /** Runs the QR sweep now (expired QRs rotate, the limit refuses). */
    sweep: session.sweep,

    close: () => ctx.close(),
  };
}
