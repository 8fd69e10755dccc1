// `npm run test:unit`: the vitest projects, with the PostgreSQL pass beside the PGlite pass.
//
// On a 2-core machine vitest runs one worker (cores − 1), so one `vitest run` plays the projects one
// after the other. The PostgreSQL pass spends most of its time waiting for the database server (another
// process), so it runs as a second vitest process of one worker, at the same time as the PGlite and
// web pass. Both are safe side by side: every test file gets its own database (a PGlite copy, or a
// `vendai_test_<random>` database on the server) and its own ports. Without DATABASE_URL only the
// first pass runs, and it takes the files that would have run on PostgreSQL alone (`postgresElsePglite`,
// docs/decisions/084-one-pass-for-the-server-flows.md). Arguments are passed to both (e.g. a file filter).
//
// Each pass runs two workers (UNIT_WORKERS overrides it; vitest's own default is cores − 1 = 1 here): on a
// quiet 2-core machine one worker of each pass left the machine about two-thirds idle (validate: 1,545 s of
// wall for 1,133 s of CPU), because engine and process tests mostly wait on timers, sockets and the
// database server (docs/performance.md, "Two workers a pass").
import { spawn } from 'node:child_process';

const workers = process.env.UNIT_WORKERS ?? '2';
const given = process.argv.slice(2);
const args = given.some((a) => a.startsWith('--maxWorkers')) ? given : [`--maxWorkers=${workers}`, ...given];
const vitest = (projects, capture) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--passWithNoTests', ...projects.flatMap((p) => ['--project', p]), ...args],
      {
        stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: process.env,
      },
    );
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });

const passes = [vitest(['server-pglite', 'web', 'web-mocks'], false)];
if (process.env.DATABASE_URL) passes.push(vitest(['server-postgres'], true));
const [first, postgres] = await Promise.all(passes);
if (postgres) {
  // Printed whole after the first pass, so the two reports do not interleave.
  process.stdout.write(`\n── PostgreSQL pass (server-postgres) ──\n${postgres.out}`);
}
process.exit(Math.max(first.code, postgres?.code ?? 0));
