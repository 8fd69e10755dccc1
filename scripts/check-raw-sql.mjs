// Fails when raw SQL spreads (docs/decisions/068-only-repositories-speak-sql.md): a `sql` template
// (sql`…` or sql<Row>`…`) in a server file that is not a repository (*-repository.ts) counts as raw SQL
// outside its place. db/ is the SQL layer itself (schema, client, SQL helpers) and tests build fixtures, so
// neither counts. The files that still hold some are listed with their count in
// apps/server/raw-sql-outside-repositories.json, a list that only shrinks: a new file or a higher count
// fails, and so does a lower count or a file that is gone (lower its number, delete its line), so the list
// stays true; `--shrink` lowers it to today's counts when nothing grew. Part of `npm run validate`
// (`npm run check:sql`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SQL_TEMPLATE = /(?<![\w.$])sql(?:<[^`;]*?>)?`/g;

/** How many `sql` template literals a source text holds (sql`…` and sql<Row>`…`, not sql.raw or sql.join). */
export function rawSqlCount(source) {
  return [...source.matchAll(SQL_TEMPLATE)].length;
}

/** Whether a file (relative to apps/server/src) is counted: not a repository, not db/, not a test. */
export function counted(file) {
  return (
    file.endsWith('.ts') && !file.endsWith('-repository.ts') && !file.endsWith('.test.ts') && !file.startsWith('db/')
  );
}

/** What differs between the baseline ({ file: count }) and today's counts (files with none are left out). */
export function rawSqlProblems(baseline, counts) {
  const problems = [];
  for (const [file, count] of Object.entries(counts)) {
    const allowed = baseline[file] ?? 0;
    if (count > allowed)
      problems.push(
        allowed === 0
          ? `${file} holds raw SQL (${count}): move the query to a *-repository.ts with a typed row`
          : `${file} holds ${count} raw SQL templates, the baseline allows ${allowed}: move the new query to a *-repository.ts`,
      );
    else if (count < allowed)
      problems.push(
        `${file} now holds ${count} raw SQL templates (baseline ${allowed}): lower its number in the baseline`,
      );
  }
  for (const file of Object.keys(baseline))
    if (!(file in counts)) problems.push(`${file} holds no raw SQL any more: delete its line from the baseline`);
  return problems;
}

function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
  );
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const src = path.join(root, 'apps/server/src');
  const baselinePath = 'apps/server/raw-sql-outside-repositories.json';
  const counts = {};
  for (const file of filesUnder(src).filter(counted).sort()) {
    const n = rawSqlCount(readFileSync(path.join(src, file), 'utf8'));
    if (n > 0) counts[file] = n;
  }
  if (process.argv.includes('--print')) {
    process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`);
    return;
  }
  const baseline = JSON.parse(readFileSync(path.join(root, baselinePath), 'utf8')).files;
  const problems = rawSqlProblems(baseline, counts);
  if (process.argv.includes('--shrink')) {
    // After moving queries: lower the baseline to today's counts, only when nothing grew.
    const grown = Object.entries(counts).filter(([file, n]) => n > (baseline[file] ?? 0));
    if (grown.length === 0) {
      const text = readFileSync(path.join(root, baselinePath), 'utf8');
      const json = JSON.parse(text);
      json.files = counts;
      writeFileSync(path.join(root, baselinePath), `${JSON.stringify(json, null, 2)}\n`);
      console.log(`lowered ${baselinePath} to today's counts`);
      return;
    }
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (problems.length) {
    console.error(`Raw SQL outside repositories (${baselinePath}):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`raw SQL outside repositories: ${total} templates in ${Object.keys(counts).length} files (baseline)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
