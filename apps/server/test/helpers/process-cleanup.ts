/**
 * What a multi-process test file starts and must stop whatever happens: its server processes (stopped
 * first) and its other resources (fake AIs, throwaway databases, data directories; released after, in
 * reverse order). Call at the top of the file; the afterAll is registered for it.
 */
import { afterAll } from 'vitest';
import type { ServerProcess } from './server-process.ts';

export interface ProcessCleanup {
  /** Keeps server processes to stop after the file's tests; returns the first. */
  running<P extends ServerProcess>(...processes: P[]): P;
  /** What to release after the processes stopped (closed, disposed, removed). */
  later(...releases: (() => Promise<unknown>)[]): void;
}

export function useProcessCleanup(timeoutMs?: number): ProcessCleanup {
  const processes: ServerProcess[] = [];
  const releases: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => {});
    for (const release of releases.reverse()) await release().catch(() => {});
  }, timeoutMs);
  return {
    running: (...ps) => {
      processes.push(...ps);
      return ps[0]!;
    },
    later: (...rs) => void releases.push(...rs),
  };
}
