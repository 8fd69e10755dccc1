// Fails when a concept has no name in the docs (docs/architecture.md "One name per concept",
// docs/glossary.md "Tables"): every server module (apps/server/src/modules/*) and web feature
// (apps/web/src/features/*) must be named in the concept table, every table of the Drizzle schema
// (apps/server/src/db/schema/*.ts) in the glossary's table list; a name listed there that no longer
// exists fails too, so the docs stay true. Part of `npm run validate`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The backticked names in the rows of the markdown table under `heading` (up to the next heading). */
export function namesInSection(markdown, heading) {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`section "${heading}" not found`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const names = new Set();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    for (const m of line.matchAll(/`([a-z][a-z0-9_/-]*)`/g)) names.add(m[1]);
  }
  return names;
}

/** Table names declared with pgTable('name', …) in a schema file's text. */
export function tablesIn(source) {
  return [...source.matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)].map((m) => m[1]);
}

/** What is missing from the docs and what the docs name that is gone. */
export function conceptProblems({ modules, features, tables, conceptNames, tableNames }) {
  const problems = [];
  for (const m of modules)
    if (!conceptNames.has(m))
      problems.push(`server module '${m}' is not in docs/architecture.md "One name per concept"`);
  for (const f of features)
    if (!conceptNames.has(f)) problems.push(`web feature '${f}' is not in docs/architecture.md "One name per concept"`);
  for (const t of tables) if (!tableNames.has(t)) problems.push(`table '${t}' is not in docs/glossary.md "Tables"`);
  const known = new Set(tables);
  for (const t of tableNames)
    if (!known.has(t)) problems.push(`docs/glossary.md "Tables" names '${t}', which is no table`);
  return problems;
}

const dirsIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const read = (p) => readFileSync(path.join(root, p), 'utf8');
  const schemaDir = path.join(root, 'apps/server/src/db/schema');
  const tables = readdirSync(schemaDir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => tablesIn(readFileSync(path.join(schemaDir, f), 'utf8')));
  const problems = conceptProblems({
    modules: dirsIn(path.join(root, 'apps/server/src/modules')),
    features: dirsIn(path.join(root, 'apps/web/src/features')),
    tables,
    conceptNames: namesInSection(read('docs/architecture.md'), '## One name per concept'),
    tableNames: namesInSection(read('docs/glossary.md'), '## Tables'),
  });
  if (problems.length) {
    console.error(`Concepts without a name in the docs:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
