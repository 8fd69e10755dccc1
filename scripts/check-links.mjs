// Keeps the repository's references followable in a clone (part of `npm run validate`):
// - every relative link in a tracked Markdown file resolves to a file, and its #anchor to a heading;
// - every `docs/….md` path named in code (comments included) resolves the same way, from the repository root;
// - nothing points outside the repository instead: no section numbers of the original product
//   specification and no issue numbers (write a link to docs/product/ or docs/decisions/ instead).
// History files (CHANGELOG*) may keep what they recorded. docs/decisions/TEMPLATE.md shows the shape.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text offers (duplicates get -1, -2 … as on GitHub). */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingSlug(m[1].replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

// Written in parts so this file does not match itself.
const SECTION = new RegExp('\u00a7\\s?\\d+(?![\\d.]*\u00ba)'); // a section sign and a number (not a statute's "§ 2º")
const ISSUE = new RegExp('\\b[Ii]ssues?\\s#?\\d+\\b|(^|[\\s(\\[,;])#\\d{1,4}(?=[\\s).,;:\\]]|$)');
const OUTSIDE = new RegExp('shared/' + '(spec|docs)/');
// Meta's Graph API writes its error codes as '(#100) Invalid parameter': a vendor's code, quoted as is.
const META_ERROR_CODE = /\(#\d+\)/g;

/** Problems of one line: references that only make sense outside the repository. */
export function outsideReferences(line) {
  const found = [];
  if (SECTION.test(line)) found.push('a section number of the original specification');
  if (ISSUE.test(line.replace(META_ERROR_CODE, ''))) found.push('an issue number');
  if (OUTSIDE.test(line)) found.push('a folder outside the repository');
  return found;
}

const MD_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const DOC_PATH = /(?<![\w./-])(docs\/[\w./-]*?\.md)(#[\p{L}\p{N}_-]+)?/gu;

function checkTarget(fromFile, target, resolveFrom, anchorCache) {
  const [rawPath, anchor] = target.split('#');
  const file = rawPath ? path.normalize(path.join(resolveFrom, decodeURI(rawPath))) : fromFile;
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor && file.endsWith('.md') && statSync(file).isFile()) {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    if (!anchorCache.get(file).has(anchor.toLowerCase())) return `${target}: no heading #${anchor}`;
  }
  return null;
}

const TEXT = /\.(md|ts|tsx|js|mjs|cjs|json|ya?ml|css|html|sql|sh)$|(^|\/)(run|Dockerfile)$/;
const HISTORY = /(^|\/)CHANGELOG[^/]*$/i;
// A third-party API's own issue numbers (linked to its tracker) are history, not ours.
const OWN_NUMBERS = new Set(['docs/evolution-api-contract.md']);

function main() {
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((f) => TEXT.test(f) && f !== 'package-lock.json');
  const anchorCache = new Map();
  const problems = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const md = file.endsWith('.md');
    text.split('\n').forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      if (!HISTORY.test(file)) {
        for (const p of outsideReferences(line)) {
          if (p === 'an issue number' && OWN_NUMBERS.has(file)) continue;
          problems.push(`${at}: ${p}`);
        }
      }
      if (md) {
        for (const [, target] of line.matchAll(MD_LINK)) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
          const p = checkTarget(file, target, path.dirname(file), anchorCache);
          if (p) problems.push(`${at}: ${p}`);
        }
      } else {
        for (const [, docPath, anchor = ''] of line.matchAll(DOC_PATH)) {
          const p = checkTarget(file, docPath + anchor, '.', anchorCache);
          if (p) problems.push(`${at}: ${p}`);
        }
      }
    });
  }
  if (problems.length) {
    console.error(
      `References a clone cannot follow (link to docs/product/ or docs/decisions/):\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
