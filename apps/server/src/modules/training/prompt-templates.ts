import fs from 'node:fs';
import path from 'node:path';
import { PROMPTS_DIR } from '../../paths.ts';

/** apps/server/prompts: the Portuguese templates of calls A and B, reviewable as files. */
export { PROMPTS_DIR };

const TEMPLATE_FILES = {
  questionsSystem: 'perguntas-refinamento.system.md',
  questionsUser: 'perguntas-refinamento.user.md',
  promptSystem: 'system-prompt.system.md',
  promptUser: 'system-prompt.user.md',
} as const;

export type TemplateName = keyof typeof TEMPLATE_FILES;

let cache: Record<TemplateName, string> | undefined;

/** Reads every template once (a missing file fails at the first training, loudly, not silently). */
export function promptTemplates(): Record<TemplateName, string> {
  cache ??= Object.fromEntries(
    Object.entries(TEMPLATE_FILES).map(([name, file]) => [
      name,
      fs.readFileSync(path.join(PROMPTS_DIR, file), 'utf8').trim(),
    ]),
  ) as Record<TemplateName, string>;
  return cache;
}

/** Fills `{{name}}` placeholders; an unknown placeholder is an error in the template. */
export function renderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`Placeholder sem valor no template: {{${key}}}`);
    return String(values[key]);
  });
}
