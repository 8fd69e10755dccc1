/**
 * Start-up benchmark (npm run bench:startup): the production server as `npm start` runs it (the
 * esbuild bundle under plain node, embedded PGlite database), measured from spawn to the first
 * answered GET /api/health ("cold start"), and its resident memory after BENCH_IDLE_SECONDS idle.
 * The first start on a new data folder (initdb + migrations) is reported separately; the cold starts
 * reuse that folder, as a restarted server does.
 *
 *   npm run build && npm run bench:startup
 *
 * Also reported: the CPU time the server process used until that first answer (user + system, from
 * /proc), which a busy machine inflates far less than wall time — on an idle machine the two are close,
 * since start-up runs on one thread (PGlite's WASM included).
 *
 * Options (env): BENCH_RUNS (5), BENCH_IDLE_SECONDS (5), BENCH_PORT (3990), BENCH_BUNDLES (a comma-separated
 * list of server entries to compare, e.g. a copy of a previous build and dist/server.js, each optionally
 * followed by node flags that replace the `serve` script's: `old/server.js --max-semi-space-size=8`; their
 * starts are interleaved, one of each in turn, so a noisy machine weighs on each the same; default
 * dist/server.js).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_ROOT } from '../src/paths.ts';
import { serveNodeFlags } from './serve-flags.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const bundles = (process.env.BENCH_BUNDLES ?? path.join(SERVER_ROOT, 'dist/server.js')).split(',').map((entry) => {
  const [file, ...flags] = entry.trim().split(/\s+/);
  return { file: path.resolve(file!), flags: flags.length ? flags : serveNodeFlags(), label: entry.trim() };
});
for (const { file } of bundles)
  if (!fs.existsSync(file)) throw new Error(`Run \`npm run build\` first (${file} is missing).`);
type Bundle = (typeof bundles)[number];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-bench-startup-'));

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(bundle: Bundle): Promise<{ ms: number; rss: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...bundle.flags, bundle.file], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-0123456789-0123456789-01234',
      SIMULATOR_ENABLED: 'true',
      AI_PROVIDER: 'demo',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    const cpu = cpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { ms, rss: rssMb(child.pid!), cpu };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const first = await startOnce(bundles[0]!);
  console.log(
    `first start (new data folder: initdb + migrations): ${Math.round(first.ms)} ms (CPU ${first.cpu} ms), idle RSS ${first.rss} MB`,
  );
  const runs = bundles.map(() => [] as { ms: number; rss: number; cpu: number }[]);
  for (let i = 0; i < RUNS; i++) for (const [b, bundle] of bundles.entries()) runs[b]!.push(await startOnce(bundle));
  for (const [b, bundle] of bundles.entries()) {
    const r = runs[b]!;
    if (bundles.length > 1) console.log(`— ${bundle.label}`);
    console.log(
      `cold start to first answered request, ${RUNS} runs: median ${Math.round(median(r.map((x) => x.ms)))} ms (${r.map((x) => Math.round(x.ms)).join(', ')})`,
    );
    console.log(
      `CPU time to first answered request: median ${median(r.map((x) => x.cpu))} ms (${r.map((x) => x.cpu).join(', ')})`,
    );
    console.log(
      `idle RSS after ${IDLE_SECONDS} s: median ${median(r.map((x) => x.rss))} MB (${r.map((x) => x.rss).join(', ')})`,
    );
  }
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, node ${process.version}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
