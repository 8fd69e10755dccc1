// `npm run test:unit`: the vitest projects, with the PostgreSQL pass beside the PGlite pass.
//
// On a 2-core machine vitest runs one worker (cores − 1), so one `vitest run` plays the projects one
// after the other. The PostgreSQL pass spends most of its time waiting for the database server (another
// process), so it runs as a second vitest process, at the same time as the PGlite and
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
import { printPostgresPass, unitPasses } from './lib/test-phases.mjs';

const { first, postgres } = unitPasses(process.argv.slice(2));
const [firstResult, postgresResult] = await Promise.all([first, postgres]);
if (postgresResult) printPostgresPass(postgresResult);
process.exit(Math.max(firstResult.code, postgresResult?.code ?? 0));
