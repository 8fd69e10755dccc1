/**
 * `npm start` without HOST listens on 127.0.0.1 outside production (docs/configuration.md, README "Run
 * it"): the dev stand-ins (payments, the Pix bank page, the simulator), the OpenAPI document and
 * /metrics are not reachable from the local network unless HOST opens it on purpose.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';

/**
 * The local addresses of the sockets listening on `port` (Linux /proc/net/tcp and tcp6, read without
 * sending anything anywhere): '127.0.0.1', '0.0.0.0', '::'…
 */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [hex, portHex] = local.split(':');
      if (parseInt(portHex!, 16) !== port) continue;
      if (hex!.length === 8) found.push(Buffer.from(hex!, 'hex').reverse().join('.'));
      else found.push(/^0+$/.test(hex!) ? '::' : hex!);
    }
  }
  return found;
}

let server: ServerProcess;
let database: TestDatabase | undefined;
beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') database = await createTestDatabase();
  const databaseUrl = database?.pool
    ? (database.pool.options as { connectionString: string }).connectionString
    : undefined;
  // HOST unset, as `npm start` with no settings (the helper otherwise sets 127.0.0.1 itself).
  server = await startServerProcess(
    { DATABASE_URL: databaseUrl, HOST: undefined, NODE_ENV: 'development' },
    { timeoutMs: 180_000 },
  );
}, 200_000);
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
}, 60_000);

describe('the default listen address outside production', () => {
  it('answers on 127.0.0.1', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it.runIf(process.platform === 'linux')('listens on 127.0.0.1 alone, not on every interface', () => {
    expect(listeningAddresses(server.port)).toEqual(['127.0.0.1']);
  });
});
