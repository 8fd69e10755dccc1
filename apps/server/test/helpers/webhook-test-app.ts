/**
 * The app for webhook tests (in-process, `inject`), recording every event the webhook receiver
 * dispatches on the gateway event hub, with a helper that posts a webhook as the gateway would.
 * Call at the top of a test file: it registers its own beforeAll/afterAll.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { gatewayEvents, type numbers } from '../../src/db/schema/index.ts';
import type { GatewayEvent } from '../../src/integrations/gateway/event-hub.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/integrations/gateway/index.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type NumberRow = typeof numbers.$inferSelect;

export function useWebhookTestApp() {
  const dispatched: GatewayEvent[] = [];
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    app.app.deps.gatewayEvents.subscribe((e) => {
      dispatched.push(e);
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    /** The app (available from beforeAll on). */
    get t(): TestApp {
      return app;
    },
    dispatched,
    /** POST a webhook for a number: its secret unless `secret` says otherwise (null: no header). */
    post(
      number: Pick<NumberRow, 'instanceName' | 'token'>,
      body: unknown,
      opts: { secret?: string | null; path?: string } = {},
    ) {
      const headers: Record<string, string> = {};
      const secret = opts.secret === undefined ? number.token : opts.secret;
      if (secret !== null) headers[WEBHOOK_SECRET_HEADER] = secret;
      return app.app.inject({
        method: 'POST',
        url: opts.path ?? `/webhooks/gateway/${encodeURIComponent(number.instanceName)}`,
        headers,
        payload: body as object,
      });
    },
    /** The gateway_events rows stored for a number. */
    eventsOf(numberId: string) {
      return app.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.numberId, numberId));
    },
  };
}
