import { SEARCH_MARK_END, SEARCH_MARK_START } from '@vendai/contracts';
import { Fragment } from 'react';

const MARK_CLASS = 'rounded-sm bg-amber-200 px-0.5 text-slate-900';

/** A snippet from the server: the words between the two marks are highlighted; the text is never HTML. */
export function MarkedSnippet({ snippet }: { snippet: string }) {
  const parts = snippet.split(new RegExp(`(${SEARCH_MARK_START}[^${SEARCH_MARK_END}]*${SEARCH_MARK_END})`));
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith(SEARCH_MARK_START) ? (
          <mark key={i} className={MARK_CLASS}>
            {part.slice(1, -1)}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Lower case without accents, one UTF-16 unit for one: positions in the result are positions in the text. */
const fold = (text: string) =>
  text
    .split('')
    .map((c) => c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 1) || c)
    .join('');

/** `text` with the first place `term` occurs (accents and case ignored) highlighted, as the server matched it. */
export function HighlightTerm({ text, term }: { text: string; term: string }) {
  const wanted = term.trim();
  const at = wanted ? fold(text).indexOf(fold(wanted)) : -1;
  if (at < 0) return <>{text}</>;
  const end = at + wanted.length;
  return (
    <>
      {text.slice(0, at)}
      <mark className={MARK_CLASS}>{text.slice(at, end)}</mark>
      {text.slice(end)}
    </>
  );
}
