// `npm test`: everything `npm run validate` runs, and the build and browser journeys, which start as soon as
// the static checks and the PGlite + web pass are done, while the PostgreSQL pass ends beside them.
//
// The PostgreSQL pass ends last: its longest files wait by design (a server killed and its jobs taken over, a
// lease lapsing), using little CPU, so starting the journeys then uses the core it leaves idle instead of
// waiting for it (docs/decisions/059-ci-time-test-passes.md). The journeys do not start when a check or the
// first pass failed. Each phase prints a line when it ends; the static checks' and the PostgreSQL pass's
// reports are printed at the end, so no two reports interleave, and then the journeys' failures again (a log
// read from its tail shows them). The exit code is non-zero if anything failed.
import {
  elapsed,
  journeyFailures,
  phaseLine,
  reportAndExit,
  run,
  staticChecks,
  unitPasses,
} from './lib/test-phases.mjs';

const { first, postgres } = unitPasses();
const checks = staticChecks();

const postgresDone = postgres?.then((result) => {
  phaseLine('the PostgreSQL pass', result);
  return result;
});

const journeys = Promise.all([first, checks]).then(async ([unit, checked]) => {
  phaseLine('the static checks', checked);
  phaseLine('the PGlite + web pass', unit);
  if (unit.code !== 0 || checked.code !== 0) {
    process.stdout.write('\nThe build and the journeys do not run: a check or a test above failed.\n');
    return null;
  }
  process.stdout.write(`\n==> [${elapsed()}s] the build and the journeys (the PostgreSQL pass goes on beside them)\n`);
  const build = await run('npm', ['run', 'build']);
  phaseLine('the build', build);
  if (build.code !== 0) return build;
  const e2e = await run('npx', ['playwright', 'test'], { tee: true });
  phaseLine('the journeys', e2e);
  return e2e;
});

const [unit, checked, postgresResult, e2e] = await Promise.all([first, checks, postgresDone, journeys]);
reportAndExit('npm test', {
  checks: checked,
  unit,
  postgres: postgresResult,
  alsoFailed:
    e2e === null ? ['the build and the journeys (not run)'] : e2e.code !== 0 ? ['the build or the journeys'] : [],
  // A flaky journey (passed on its retry) is named too: the run is green, but it is worth a look. A failed build
  // kept no output (`e2e` is the build's result then): its error is already the last thing it printed.
  after: e2e?.out && (e2e.code !== 0 || /^\s+\d+ flaky\b/m.test(e2e.out)) ? journeyFailures(e2e.out) : '',
});
