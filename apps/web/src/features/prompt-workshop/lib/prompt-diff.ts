import { diffLines } from 'diff';

export type DiffLine =
  | { kind: 'same' | 'added' | 'removed'; text: string }
  /** A run of unchanged lines left out (only their count is shown). */
  | { kind: 'skipped'; count: number };

export interface PromptDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/**
 * A readable line diff of two prompts (jsdiff): added and removed lines, unchanged ones kept only
 * `context` lines around each change, the rest collapsed into a count.
 */
export function promptDiff(before: string, after: string, context = 2): PromptDiff {
  const all: { kind: 'same' | 'added' | 'removed'; text: string }[] = [];
  // Both end with a newline, so text added after the last line does not show that line as changed.
  const tidy = (text: string) => `${text.replace(/\r\n/g, '\n').replace(/\n+$/, '')}\n`;
  for (const part of diffLines(tidy(before), tidy(after))) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) all.push({ kind, text });
  }
  const near = all.map(
    (line, i) =>
      line.kind !== 'same' || all.slice(Math.max(0, i - context), i + context + 1).some((l) => l.kind !== 'same'),
  );
  const lines: DiffLine[] = [];
  for (let i = 0; i < all.length; i++) {
    if (near[i]) {
      lines.push(all[i]!);
      continue;
    }
    const last = lines.at(-1);
    if (last?.kind === 'skipped') last.count += 1;
    else lines.push({ kind: 'skipped', count: 1 });
  }
  return {
    lines,
    added: all.filter((l) => l.kind === 'added').length,
    removed: all.filter((l) => l.kind === 'removed').length,
  };
}
