import fs from 'node:fs';
import path from 'node:path';
import { PROMPTS_DIR } from '../../paths.ts';

let cache: { system: string; user: string } | undefined;

/** The coach's Portuguese instructions (apps/server/prompts/prompt-coach.*.md), read once. */
export function coachTemplates(): { system: string; user: string } {
  cache ??= {
    system: fs.readFileSync(path.join(PROMPTS_DIR, 'prompt-coach.system.md'), 'utf8').trim(),
    user: fs.readFileSync(path.join(PROMPTS_DIR, 'prompt-coach.user.md'), 'utf8').trim(),
  };
  return cache;
}

/** Fills {{prompt}}, {{instruction}}, {{full}} and {{catalogue}} in one pass (a value's own braces stay as typed). */
export function renderCoachUser(
  template: string,
  values: { prompt: string; instruction: string; full: string; catalogue: string },
): string {
  return template.replace(
    /\{\{\s*(prompt|instruction|full|catalogue)\s*\}\}/g,
    (_, key: keyof typeof values) => values[key],
  );
}
