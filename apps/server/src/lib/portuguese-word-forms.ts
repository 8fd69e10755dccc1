/**
 * The other number of a Portuguese word — singular ↔ plural — where the search's stemmer
 * (`vendai_pt`: unaccent, then Snowball's Portuguese stemmer) gives the two different stems: 'pão'
 * (pao) / 'pães' (paes), 'limão' (lima) / 'limões' (limo), 'pastel' / 'pastéis' (past), 'pudim' /
 * 'pudins', 'barril' / 'barris', 'animal' / 'animais', 'lençol' / 'lençóis'. Regular plurals in -s and
 * -es ('bolo'/'bolos', 'flor'/'flores') already share a stem and are not listed.
 *
 * The forms are read on the unaccented word, so 'pao' and 'pasteis' typed without accents work too.
 * A rule may also give a word that does not exist ('país' → 'pail'): a search ORs the forms, so such a
 * form only matches nothing. See docs/decisions/040-inbox-search.md (plurals).
 */

/** Longest endings first: the first ending that fits decides ('animais' is -ais, not -is). */
const RULES: readonly (readonly [ending: string, others: readonly string[]])[] = [
  // -ão has three plurals (limões, pães, irmãos); each plural points back to -ão and to the other two.
  ['oes', ['ao', 'aes', 'aos']],
  ['aes', ['ao', 'oes', 'aos']],
  ['aos', ['ao', 'oes', 'aes']],
  // -éis back to -el (pastéis) and to -il (fáceis); -ais/-óis/-uis back to -al/-ol/-ul.
  ['eis', ['el', 'il']],
  ['ais', ['al']],
  ['ois', ['ol']],
  ['uis', ['ul']],
  ['ao', ['oes', 'aes', 'aos']],
  ['el', ['eis']],
  // -il → -is (funil, barril) or -eis (fácil); -is back to -il.
  ['il', ['is', 'eis']],
  ['is', ['il']],
  ['al', ['ais']],
  ['ol', ['ois']],
  ['ul', ['uis']],
  // -m → -ns (pudim, bombom, atum).
  ['ns', ['m']],
  ['m', ['ns']],
];

/** Words shorter than this keep no extra forms (too many false friends: 'mais', 'dois', 'em'). */
const MIN_LENGTH = 3;

/** Lower case without accents ('Pastéis' → 'pasteis'). */
function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The word's other forms (never the word itself), unaccented; empty when it has none. Pure. */
export function otherWordForms(word: string): string[] {
  const base = plain(word);
  if (base.length < MIN_LENGTH || !/^\p{L}+$/u.test(base)) return [];
  for (const [ending, others] of RULES) {
    if (!base.endsWith(ending)) continue;
    const stem = base.slice(0, -ending.length);
    if (stem.length < 1) return [];
    return others.map((o) => stem + o).filter((f) => f !== base);
  }
  return [];
}
