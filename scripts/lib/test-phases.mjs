// The phases of `npm test` and `npm run validate`, each a child process: the static checks one after the
// other, the PGlite + web pass and the PostgreSQL pass of vitest side by side, and the build and browser
// journeys. scripts/validate.mjs and scripts/test-all.mjs put them together (docs/decisions/059-ci-time-test-passes.md).
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

export const STATIC_CHECKS = [
  'typecheck',
  'format:check',
  'lint',
  'check:paths',
  'check:links',
  'check:passes',
  'check:concepts',
  'check:sql',
  'knip',
];

const startedAt = Date.now();
/** Seconds since this process started, for the phase lines. */
export const elapsed = () => Math.round((Date.now() - startedAt) / 1000);

/** One line saying a phase ended, with its own and the run's time, as `.ci/run` prints its steps. */
export function phaseLine(name, { code, seconds }) {
  process.stdout.write(`\n==> [${elapsed()}s] ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds}s\n`);
}

/**
 * Runs a command; `capture` keeps its output (printed later) instead of passing it through, `tee` passes it
 * through and keeps it too.
 */
export function run(command, args, { capture = false, tee = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: capture || tee ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      env: process.env,
    });
    let out = '';
    if (capture || tee) {
      const keep = (stream) => (d) => {
        out += d;
        if (tee) stream.write(d);
      };
      child.stdout.on('data', keep(process.stdout));
      child.stderr.on('data', keep(process.stderr));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, out, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/** The static checks, one after the other, each captured with its time. */
export async function staticChecks() {
  const started = Date.now();
  const results = [];
  for (const check of STATIC_CHECKS) {
    const result = await run('npm', ['run', '--silent', check], { capture: true });
    results.push({ check, ...result });
  }
  const code = results.some((r) => r.code !== 0) ? 1 : 0;
  return { code, results, seconds: Math.round((Date.now() - started) / 1000) };
}

/** Prints the static checks' report: one line each, and the output of those that failed. */
export function printStaticChecks({ results }) {
  process.stdout.write('\n── Static checks (run beside the unit passes) ──\n');
  for (const { check, code, out, seconds } of results) {
    process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} npm run ${check} (${seconds}s)\n`);
    if (code !== 0) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
  }
}

const vitestArgs = (projects, workers, given) => [
  'vitest',
  'run',
  '--passWithNoTests',
  ...projects.flatMap((p) => ['--project', p]),
  ...(given.some((a) => a.startsWith('--maxWorkers')) ? given : [`--maxWorkers=${workers}`, ...given]),
];

/**
 * The two unit passes at the same time (scripts/test-unit.mjs says why): the PGlite + web pass with its output
 * passed through, and, when DATABASE_URL is set, the PostgreSQL pass captured (print it with
 * `printPostgresPass` so the two reports do not interleave). `given` is passed to both (e.g. a file filter).
 */
export function unitPasses(given = []) {
  const first = run('npx', vitestArgs(['server-pglite', 'web', 'web-mocks'], process.env.UNIT_WORKERS ?? '2', given));
  // The PostgreSQL pass at a lower CPU priority (nice 5, inherited by its workers and the servers they spawn):
  // it ends well before the journeys that run beside its end, while the PGlite pass is on the critical path.
  const postgres = process.env.DATABASE_URL
    ? run(
        'nice',
        [
          '-n',
          '5',
          'npx',
          ...vitestArgs(
            ['server-postgres'],
            process.env.UNIT_WORKERS_POSTGRES ?? process.env.UNIT_WORKERS ?? '3',
            given,
          ),
        ],
        { capture: true },
      )
    : null;
  return { first, postgres };
}

export function printPostgresPass({ out }) {
  process.stdout.write(`\n── PostgreSQL pass (server-postgres) ──\n${out}`);
}

const FAILURES_SHOWN = 120;

/**
 * The end of Playwright's list report, for a run that failed: each failed journey's error (the first
 * `FAILURES_SHOWN` lines of them) and the counts naming the failed and flaky journeys. The journeys' own output
 * is long and printed while the PostgreSQL pass goes on; a CI log read from its tail would not show them.
 */
export function journeyFailures(out) {
  const lines = stripVTControlCharacters(out).split('\n');
  const firstFailure = lines.findIndex((l) => /^\s+1\) \S/.test(l));
  const counts = lines.findLastIndex((l) => /^\s+\d+ (failed|flaky|interrupted|did not run|passed)\b/.test(l));
  const summaryStart = lines.findIndex((l, i) => i > firstFailure && /^\s+\d+ (failed|flaky|interrupted)\b/.test(l));
  const details = firstFailure < 0 ? [] : lines.slice(firstFailure, summaryStart < 0 ? undefined : summaryStart);
  const shown = details.slice(0, FAILURES_SHOWN);
  if (details.length > shown.length)
    shown.push(`  … ${details.length - shown.length} more lines above, in the journeys' output`);
  const summary = summaryStart < 0 ? lines.slice(-30) : lines.slice(summaryStart, counts + 1);
  return `\n── The journeys that failed (repeated from their output above) ──\n${[...shown, ...summary].join('\n')}\n`;
}

/**
 * Prints the reports kept for the end (the PostgreSQL pass's, the static checks'), then `after` (the journeys'
 * failures), then one line naming what failed, and exits non-zero if anything did. `alsoFailed` names later
 * phases that failed (the journeys).
 */
export function reportAndExit(name, { checks, unit, postgres, alsoFailed = [], after = '' }) {
  if (postgres) printPostgresPass(postgres);
  printStaticChecks(checks);
  process.stdout.write(after);
  const failed = checks.results.filter((c) => c.code !== 0).map((c) => c.check);
  if (unit.code !== 0) failed.push('the PGlite + web pass');
  if (postgres && postgres.code !== 0) failed.push('the PostgreSQL pass');
  failed.push(...alsoFailed);
  process.stdout.write(
    `\n${name}: ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'} in ${elapsed()}s\n`,
  );
  process.exit(failed.length ? 1 : 0);
}
