// Vitest's order of test files with the files that start processes first, on the embedded database. Vitest's
// own sequencer runs the longest files first when its cache knows their times, and the largest first when it
// does not (a clean clone, as in CI). The files that spawn servers or scripts (a restart, a CLI run, a start
// refused) are among the longest while being small, so without the cache they started last and the PGlite pass
// ended on one of them with its other worker idle; that pass is on CI's critical path, before the journeys
// (docs/decisions/059-ci-time-test-passes.md). The PostgreSQL pass keeps vitest's order: its process files
// each open a few servers on the one PostgreSQL server, and all of them at once exhausted its connections
// (100 by default: 'sorry, too many clients already'); its end runs beside the journeys anyway.
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file that starts the server or a script as its own process (test/helpers/server-process.ts, kill-rig.ts, run-script.ts). */
const SPAWNS = /\b(startServerProcess|startKillRig|runScript)\(/;

/** vitest.config.ts's PostgreSQL project. */
const POSTGRES_PROJECT = 'server-postgres';

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
      if (name === POSTGRES_PROJECT) return own;
      return [...own.filter((f) => spawning.has(f)), ...own.filter((f) => !spawning.has(f))];
    });
  }
}
