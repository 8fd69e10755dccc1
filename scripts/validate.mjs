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
import { reportAndExit, staticChecks, unitPasses } from './lib/test-phases.mjs';

const { first, postgres } = unitPasses(process.argv.slice(2));
const [unit, postgresResult, checks] = await Promise.all([first, postgres, staticChecks()]);
reportAndExit('validate', { checks, unit, postgres: postgresResult });
