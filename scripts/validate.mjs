// `npm run validate`: the static checks and the unit passes, at the same time.
//
// The unit passes (scripts/test-unit.mjs) leave part of the second core idle: the PGlite pass waits on
// timers and sockets, and the PostgreSQL pass beside it mostly waits for the database server. The static
// checks (typecheck, prettier, eslint, dependency-cruiser, the repository's own checks, knip) need about two
// minutes of one core and nothing from the tests, so they run one after the other in that idle time
// instead of before the tests (docs/decisions/059-ci-time-test-passes.md). Their output is printed
// after the tests', with each check's time; the exit code is non-zero if anything failed. Arguments are
// passed to the unit passes (e.g. a file filter). `npm test` (scripts/test-all.mjs) runs the same and the
// browser journeys.
import { elapsed, printPostgresPass, printStaticChecks, staticChecks, unitPasses } from './lib/test-phases.mjs';

const { first, postgres } = unitPasses(process.argv.slice(2));
const [unit, postgresResult, checks] = await Promise.all([first, postgres, staticChecks()]);
if (postgresResult) printPostgresPass(postgresResult);
printStaticChecks(checks);
const failed = checks.results.filter((c) => c.code !== 0).map((c) => c.check);
if (unit.code !== 0) failed.push('the PGlite + web pass');
if (postgresResult && postgresResult.code !== 0) failed.push('the PostgreSQL pass');
process.stdout.write(`\nvalidate: ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'} in ${elapsed()}s\n`);
process.exit(failed.length ? 1 : 0);
