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
// database server (docs/performance.md, "Two workers a pass"). The PostgreSQL pass runs three
// (UNIT_WORKERS_POSTGRES overrides it): since the flow files run there alone (decision 084) it holds most
// of the waiting — kill -9 takeovers, leases lapsing, restarts — and its sum of file times is the longer.
import { spawn } from 'node:child_process';

const given = process.argv.slice(2);
const argsWith = (workers) =>
  given.some((a) => a.startsWith('--maxWorkers')) ? given : [`--maxWorkers=${workers}`, ...given];
const vitest = (projects, capture, workers) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--passWithNoTests', ...projects.flatMap((p) => ['--project', p]), ...argsWith(workers)],
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

const passes = [vitest(['server-pglite', 'web', 'web-mocks'], false, process.env.UNIT_WORKERS ?? '2')];
if (process.env.DATABASE_URL)
  passes.push(vitest(['server-postgres'], true, process.env.UNIT_WORKERS_POSTGRES ?? process.env.UNIT_WORKERS ?? '3'));
const [first, postgres] = await Promise.all(passes);
if (postgres) {
  // Printed whole after the first pass, so the two reports do not interleave.
  process.stdout.write(`\n── PostgreSQL pass (server-postgres) ──\n${postgres.out}`);
}
process.exit(Math.max(first.code, postgres?.code ?? 0));
