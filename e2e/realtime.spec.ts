import type { WebSocketRoute } from '@playwright/test';
import { expect, signedInAtWelcome, test } from './support/fixtures';

/**
 * The signed-in area keeps one realtime WebSocket (/api/realtime) for the whole session and
 * reconnects by itself after a drop (first retry after 1 s). The socket goes through the real server;
 * Playwright only watches it, and cuts the first connection to simulate a network drop.
 */
test('o painel mantém uma conexão em tempo real e reconecta sozinho após uma queda', async ({ page }) => {
  const connections: { route: WebSocketRoute; frames: string[]; openedAt: number }[] = [];
  await page.routeWebSocket(/\/api\/realtime$/, (ws) => {
    const entry = { route: ws, frames: [] as string[], openedAt: Date.now() };
    connections.push(entry);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      entry.frames.push(String(message));
      ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  });

  await signedInAtWelcome(page);
  // Onboarding pages do not open it; the signed-in area does, once.
  expect(connections).toHaveLength(0);
  await page.goto('/dashboard');
  await expect.poll(() => connections[0]?.frames ?? []).toContain('{"event":"hello"}');

  // Moving around the signed-in area keeps the same connection.
  await page.getByRole('link', { name: "WhatsApp's" }).first().click();
  await expect(page).toHaveURL(/\/instances-management$/);
  await page.getByRole('link', { name: 'Planos' }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(connections).toHaveLength(1);

  // A drop: the page opens a new connection after about 1 s and gets a new hello. Only one, and only
  // after the drop: a connection opened by the moves above would show here as opened before it.
  const droppedAt = Date.now();
  await connections[0]!.route.close({ code: 4000, reason: 'queda simulada' });
  await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(2);
  expect(connections[1]!.openedAt).toBeGreaterThanOrEqual(droppedAt);
  const waited = connections[1]!.openedAt - droppedAt;
  expect(waited).toBeGreaterThanOrEqual(900);
  expect(waited).toBeLessThan(4_000);
  await expect.poll(() => connections[1]!.frames).toContain('{"event":"hello"}');
  expect(connections).toHaveLength(2);
});
