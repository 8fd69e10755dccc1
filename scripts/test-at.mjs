// `npm run test:at -- <time> [vitest arguments]`: the PGlite + web pass (or the files given) with every
// process's clock moved to <time>, e.g. `npm run test:at -- 2026-12-31T23:52:00-03:00`, to find what breaks at
// midnight in São Paulo, at a month's or a year's turn, or while the UTC date is already tomorrow (21:00–24:00 in
// São Paulo). The clock then runs on from <time> at the real pace.
//
// It uses libfaketime (Debian's `faketime` package) as LD_PRELOAD: the wall clock of node, its workers and the
// servers they start moves; the monotonic clock (timers, timeouts) does not. PGlite runs inside node, so its
// now() moves too; a PostgreSQL server does not, so this is for the PGlite pass only
// (docs/decisions/028-tests-wait-on-state.md, "Time of day").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
].find((p) => existsSync(p));

const [when, ...args] = process.argv.slice(2);
const target = when ? Date.parse(when) : NaN;
if (Number.isNaN(target)) {
  process.stderr.write('usage: npm run test:at -- <ISO time, e.g. 2026-12-31T23:52:00-03:00> [vitest arguments]\n');
  process.exit(2);
}
if (!LIBFAKETIME) {
  process.stderr.write('test:at needs libfaketime: apt-get install faketime\n');
  process.exit(2);
}

const offsetSeconds = Math.round((target - Date.now()) / 1000);
const projects = args.some((a) => a.startsWith('--project'))
  ? []
  : ['--project', 'server-pglite', '--project', 'web', '--project', 'web-mocks'];
// A PostgreSQL server keeps the real time: never mix the two clocks.
const { DATABASE_URL: _realClock, ...env } = process.env;
const child = spawn('npx', ['vitest', 'run', ...projects, ...args], {
  stdio: 'inherit',
  env: {
    ...env,
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  },
});
child.on('close', (code) => process.exit(code ?? 1));
