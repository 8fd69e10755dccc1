/**
 * Text that PostgreSQL can store. JSON (`\u0000`, `\ud83d`) and percent-encoding can carry code points
 * no PostgreSQL text or jsonb value accepts: U+0000 ("unsupported Unicode escape") and lone UTF-16
 * surrogates — e.g. a WhatsApp name cut inside an emoji, "Ana \ud83d" ("invalid input syntax for type
 * json"). Real gateways send them, so input is repaired, never refused: each such code point becomes
 * U+FFFD (the replacement character), in values and in object keys alike.
 */
declare global {
  // ES2024, present in Node 20; the project's TypeScript lib is older.
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

export const REPLACEMENT_CHARACTER = '\uFFFD';

/** True when `text` has no U+0000 and no lone surrogate. */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes('\u0000');
}

/** `text` with U+0000 and lone surrogates replaced by U+FFFD (the same string when already fine). */
export function toStorableText(text: string): string {
  if (isStorableText(text)) return text;
  return text.toWellFormed().replaceAll('\u0000', REPLACEMENT_CHARACTER);
}

/**
 * Repairs every string (and object key) inside a parsed JSON value, in place where it can; returns the
 * repaired value. Callers bound the depth first (see exceedsJsonDepth), so recursion is safe here.
 */
export function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toStorableJson(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const repaired = toStorableJson(record[key]);
      const storableKey = toStorableText(key);
      if (storableKey !== key) {
        delete record[key];
        record[storableKey] = repaired;
      } else {
        record[key] = repaired;
      }
    }
    return record;
  }
  return value;
}

/**
 * Only a `\u` escape can put U+0000 or a surrogate into parsed JSON: decoded request text never holds
 * them (the UTF-8 decoder already turns bad bytes into U+FFFD) and raw control characters are not JSON.
 * So bodies without such an escape — nearly all of them — skip the walk.
 */
export function mayHoldUnstorableText(jsonText: string): boolean {
  // indexOf instead of a regular expression: several times faster over a large base64 media body.
  for (let i = jsonText.indexOf('\\u'); i !== -1; i = jsonText.indexOf('\\u', i + 2)) {
    const a = jsonText.charCodeAt(i + 2) | 0x20; // lower-cased
    const b = jsonText.charCodeAt(i + 3) | 0x20;
    if (a === 0x64 /* d */ && b >= 0x38 /* 8 */ && (b <= 0x39 /* 9 */ || (b >= 0x61 && b <= 0x66)) /* a-f */)
      return true;
    if (jsonText.startsWith('0000', i + 2)) return true;
  }
  return false;
}

/**
 * True when the JSON text nests objects/arrays deeper than `maxDepth`. A linear scan of the raw text
 * (strings are skipped with indexOf, so a large base64 media field costs little), run before
 * JSON.parse and before anything recursive sees the value. Malformed text is left to JSON.parse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Jump to the closing quote: one not preceded by an odd number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let backslashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 92 /* \ */; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return false;
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}
