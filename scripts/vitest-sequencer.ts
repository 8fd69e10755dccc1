// Vitest's order of test files with the files that start processes first. Vitest's own sequencer runs the
// longest files first when its cache knows their times, and the largest first when it does not (a clean clone,
// as in CI). The files that spawn servers or scripts (a kill -9 and the takeover of its jobs, a lease lapsing, a
// restart) are among the longest while being small, so without the cache they started last and the pass ended
// on one of them, with the other workers idle (docs/decisions/059-ci-time-test-passes.md).
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file that starts the server or a script as its own process (test/helpers/server-process.ts, kill-rig.ts, run-script.ts). */
const SPAWNS = /\b(startServerProcess|startKillRig|runScript)\(/;

const spawnsProcesses = (file: string): boolean => {
  try {
    return SPAWNS.test(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
};

export default class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const spawning = new Set(sorted.filter((f) => spawnsProcesses(f.moduleId)));
    // Stable within each project: the projects keep their order (vitest runs them one after the other).
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((f) => f.project.name === name);
      return [...own.filter((f) => spawning.has(f)), ...own.filter((f) => !spawning.has(f))];
    });
  }
}
