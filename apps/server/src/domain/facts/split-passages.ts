/**
 * A document's text cut into passages the AI reads one at a time (docs/decisions/025-catalogue-and-price-guard.md,
 * section Conhecimento): about PASSAGE_MIN–PASSAGE_MAX characters, cut at a paragraph's end when one is near,
 * else at a sentence's end; a sentence longer than a passage is cut between words. Pure.
 */
export const PASSAGE_MIN = 500;
export const PASSAGE_MAX = 800;
/** A last passage shorter than this joins the one before (up to this much over PASSAGE_MAX). */
const TAIL_MIN = 200;

interface Unit {
  text: string;
  /** The unit starts a paragraph. */
  opens: boolean;
}

/** Text as paragraphs: blank lines separate them; single line breaks inside one are spaces. */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** A piece longer than PASSAGE_MAX cut between words. */
function cutLong(sentence: string): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > PASSAGE_MAX) {
    const space = rest.lastIndexOf(' ', PASSAGE_MAX);
    const at = space > PASSAGE_MIN / 2 ? space : PASSAGE_MAX;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

function units(text: string): Unit[] {
  return paragraphs(text).flatMap((p) =>
    p
      .split(/(?<=[.!?…;:])\s+(?=\S)/u)
      .flatMap(cutLong)
      .map((s, i) => ({ text: s, opens: i === 0 })),
  );
}

export function splitPassages(text: string): string[] {
  const out: string[] = [];
  let current = '';
  /** The current passage starts a paragraph (how a short tail joins the passage before). */
  let opens = true;
  for (const unit of units(text)) {
    const joined = current ? `${current}${unit.opens ? '\n\n' : ' '}${unit.text}` : unit.text;
    const paragraphEnds = unit.opens && current.length >= PASSAGE_MIN;
    if (current && (joined.length > PASSAGE_MAX || paragraphEnds)) {
      out.push(current);
      current = unit.text;
      opens = unit.opens;
    } else current = joined;
  }
  if (current) {
    const last = out.at(-1);
    if (last && current.length < TAIL_MIN && last.length + current.length + 2 <= PASSAGE_MAX + TAIL_MIN)
      out[out.length - 1] = `${last}${opens ? '\n\n' : ' '}${current}`;
    else out.push(current);
  }
  return out;
}
