// `npm run validate`: the static checks and the unit passes, at the same time.
//
// The unit passes (scripts/test-unit.mjs) leave part of the second core idle: the PGlite pass is one
// vitest worker, and the PostgreSQL pass beside it mostly waits for the database server. The static checks
// (typecheck, prettier, eslint, dependency-cruiser, the repository's own checks, knip) need about two
// minutes of one core and nothing from the tests, so they run one after the other in that idle time
// instead of before the tests (docs/decisions/059-ci-time-test-passes.md). Their output is printed
// after the tests', with each check's time; the exit code is non-zero if anything failed. Arguments are
// passed to the unit passes (e.g. a file filter).
import { spawn } from 'node:child_process';

const STATIC_CHECKS = [
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

const run = (args, capture) =>
  new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });

async function staticChecks() {
  const results = [];
  for (const check of STATIC_CHECKS) {
    const started = Date.now();
    const { code, out } = await run(['run', '--silent', check], true);
    results.push({ check, code, out, seconds: Math.round((Date.now() - started) / 1000) });
  }
  return results;
}

const started = Date.now();
const [unit, checks] = await Promise.all([
  run(['run', 'test:unit', '--', ...process.argv.slice(2)], false),
  staticChecks(),
]);

process.stdout.write('\n── Static checks (run beside the unit passes) ──\n');
for (const { check, code, out, seconds } of checks) {
  process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} npm run ${check} (${seconds}s)\n`);
  if (code !== 0) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
}
const failed = checks.filter((c) => c.code !== 0).map((c) => c.check);
if (unit.code !== 0) failed.push('test:unit');
process.stdout.write(
  `\nvalidate: ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'} in ${Math.round((Date.now() - started) / 1000)}s\n`,
);
process.exit(failed.length ? 1 : 0);
