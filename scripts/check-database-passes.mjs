// Every server test file says which database passes it runs in (part of `npm run validate`;
// docs/decisions/059-ci-time-test-passes.md, 084-one-pass-for-the-server-flows.md).
// apps/server/test/database-passes.json lists each file once, with its reason:
// - `pgliteAndPostgres`: the SQL itself or the embedded database is the subject (search, figures, SQL twins,
//   migrations, exports, the embedded server's process) — the file runs on PGlite and on PostgreSQL;
// - `postgresElsePglite`: the database server matters (locks, SKIP LOCKED, concurrency, several processes,
//   LISTEN/NOTIFY, pg-boss jobs) — on PostgreSQL when the run has one (DATABASE_URL), else on PGlite;
// - `pgliteOnly`: no database, or behaviour that lives above it — the file runs on PGlite only.
// A test file in no list, in two, or named in a list but gone, fails the check.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PASSES_FILE = 'apps/server/test/database-passes.json';
const PASS_LISTS = ['pgliteAndPostgres', 'postgresElsePglite', 'pgliteOnly'];

/** The classification's problems for these test files (paths from the repository root), as sentences. */
export function passProblems(testFiles, passes) {
  const problems = [];
  const lists = PASS_LISTS.map((name) => [name, passes[name] ?? {}]);
  const present = new Set(testFiles);
  for (const file of testFiles) {
    const holding = lists.filter(([, entries]) => file in entries).map(([name]) => name);
    if (holding.length > 1) problems.push(`${file}: in ${holding.join(' and ')}; choose one`);
    else if (holding.length === 0)
      problems.push(`${file}: not classified; add it to ${PASS_LISTS.join(', ')} with its reason`);
  }
  for (const [list, entries] of lists) {
    for (const [file, reason] of Object.entries(entries)) {
      if (!present.has(file)) problems.push(`${file}: listed in ${list} but there is no such test file`);
      else if (typeof reason !== 'string' || reason.trim().length < 8)
        problems.push(`${file}: the reason in ${list} is missing or too short`);
    }
  }
  return problems;
}

/** The server's test files, from the repository root. */
export function serverTestFiles(root) {
  const dir = path.join(root, 'apps/server');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.test.ts') && !/(^|\/)(node_modules|dist)\//.test(f))
    .map((f) => `apps/server/${f}`)
    .sort();
}

function readPasses(root) {
  return JSON.parse(readFileSync(path.join(root, PASSES_FILE), 'utf8'));
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = passProblems(serverTestFiles(root), readPasses(root));
  if (problems.length) {
    console.error(`${PASSES_FILE}: every server test file needs one database pass and a reason\n`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
