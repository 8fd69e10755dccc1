/**
 * Reading JSON out of an AI's answer, which may wrap it in prose or code fences. Shared by the
 * training wizard (refinement questions) and the prompt coach.
 */

/**
 * Every JSON-object-looking piece of a text, in order: the insides of ``` code fences first, then
 * each balanced `{…}` (braces inside strings do not count).
 */
export function extractJsonCandidates(input: string): string[] {
  const source = input.slice(0, 200_000);
  const candidates: string[] = [];
  for (const fence of source.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) {
    const inner = fence[1]!.trim();
    if (inner) candidates.push(inner);
  }
  for (let start = source.indexOf('{'); start !== -1;) {
    const end = matchingBrace(source, start);
    if (end === -1) {
      start = source.indexOf('{', start + 1);
      continue;
    }
    candidates.push(source.slice(start, end + 1));
    start = source.indexOf('{', end + 1);
  }
  return candidates;
}

/** Index of the `}` closing the `{` at `start`, or -1 when it never closes. */
function matchingBrace(s: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** JSON.parse, or undefined when the text is not JSON. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
