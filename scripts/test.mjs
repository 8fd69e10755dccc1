// `npm test`: the build, then `npm run validate` (static checks and the unit passes) and the browser journeys
// at the same time.
//
// Each of the two leaves part of the 2-core machine idle on its own: the unit passes wait on timers, sockets,
// child processes and the database server, and the journeys wait on pages and the harness. One after the other
// they took 865 s + 553 s on a quiet machine; side by side they share the idle time
// (docs/decisions/059-ci-time-test-passes.md, docs/performance.md "CI time"). The journeys' report is kept in
// test-results/journeys.log and printed after validate's, so the two do not interleave; each part's time is
// printed at the end and the exit code is non-zero if either failed. Journeys that fail beside validate are run
// once more alone (below). `TEST_ONE_AFTER_THE_OTHER=1` runs the two one after the other, as before (a busy
// machine, or to read each one's time alone).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const journeysLog = path.join(root, 'test-results', 'journeys.log');

function run(command, args, { logTo } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const out = logTo ? fs.openSync(logTo, 'w') : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
    child.on('close', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const started = Date.now();
const build = await run('npm', ['run', 'build']);
if (build.code !== 0) process.exit(build.code);

fs.mkdirSync(path.dirname(journeysLog), { recursive: true });
const validate = () => run('npm', ['run', 'validate']);
const journeys = () => run('npx', ['playwright', 'test'], { logTo: journeysLog });
let results;
if (process.env.TEST_ONE_AFTER_THE_OTHER === '1') {
  const v = await validate();
  results = [v, v.code === 0 ? await journeys() : { code: 1, seconds: 0, skipped: true }];
} else {
  process.stdout.write(`The journeys run beside validate; their report follows it (${journeysLog}).\n`);
  results = await Promise.all([validate(), journeys()]);
}
const [v] = results;
let [, j] = results;
if (!j.skipped) {
  process.stdout.write('\n── Browser journeys (playwright test) ──\n');
  process.stdout.write(fs.readFileSync(journeysLog, 'utf8'));
}
// A journey that failed twice (Playwright's retry) while the unit passes loaded the machine is run once more,
// alone: a journey broken by the change fails there too; one that only missed a 10-second expectation under
// that load passes. Each such rerun is printed.
if (j.code !== 0 && !j.skipped && process.env.TEST_ONE_AFTER_THE_OTHER !== '1') {
  process.stdout.write('\n── The failed journeys again, alone (playwright test --last-failed) ──\n');
  const again = await run('npx', ['playwright', 'test', '--last-failed']);
  j = { code: again.code, seconds: j.seconds + again.seconds };
}
process.stdout.write(
  `\nnpm test: build ${build.seconds}s, validate ${v.code === 0 ? 'passed' : 'FAILED'} in ${v.seconds}s, ` +
    `journeys ${j.skipped ? 'not run' : j.code === 0 ? 'passed' : 'FAILED'} in ${j.seconds}s; ` +
    `${Math.round((Date.now() - started) / 1000)}s in all\n`,
);
process.exit(v.code !== 0 ? v.code : j.code);
