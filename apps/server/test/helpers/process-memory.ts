/**
 * A server process's resident memory and CPU time, read from Linux's /proc, for the tests that bound what a
 * request costs the server (request-bombs-before-auth, webhook-gzip-bomb).
 */
import fs from 'node:fs';

/** The process's resident memory, in bytes. */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The process's CPU time so far (user + system), in ms (100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until the process's resident memory has settled: no more than 2 MB between its highest and lowest
 * reading over the last 2 s. A server that has just answered its health check is still starting up (the
 * embedded database's start, the first job passes and garbage collections move its RSS by hundreds of MB
 * for some seconds), so a growth measured from then on would be the start-up's, not the requests'.
 */
export async function settledRss(pid: number, timeoutMs = 60_000): Promise<number> {
  const window: number[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    window.push(rssOf(pid));
    if (window.length > 9) window.shift();
    if (window.length === 9 && Math.max(...window) - Math.min(...window) <= 2 * 1024 * 1024) return window.at(-1)!;
    if (Date.now() > deadline)
      throw new Error(
        `RSS did not settle in ${timeoutMs} ms: ${window.map((b) => Math.round(b / 2 ** 20)).join(' ')} MB`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}
