// Fails when a tracked file names a folder on a development machine (a home or workspace directory):
// the repository must make sense in any clone, so docs and comments link to files under docs/ instead.
// Part of `npm run validate`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Written in two parts so this file does not match itself.
const ROOTS = ['wo' + 'rk', 'ho' + 'me', 'Us' + 'ers'];
// An absolute path starting a word (not the tail of a URL such as https://site/home/…).
const MACHINE_PATH = new RegExp(`(^|[\\s\`'"(=\\[:,])/(${ROOTS.join('|')})/[\\w.-]`);

/** The 1-based numbers of the lines that name a machine folder. */
export function machinePathLines(text) {
  return text.split('\n').flatMap((line, i) => (MACHINE_PATH.test(line) ? [i + 1] : []));
}

function main() {
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  const hits = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // listed but absent (a deletion not yet staged)
    }
    if (text.includes('\0')) continue; // binary
    for (const line of machinePathLines(text)) hits.push(`${file}:${line}`);
  }
  if (hits.length) {
    console.error(`Tracked files name a folder on a development machine (link to docs/ instead):\n${hits.join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
