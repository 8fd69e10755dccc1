/**
 * The demo AI's campaign texts (docs/decisions/072-campaigns.md): a variation of the owner's text per
 * contact, deterministic from the seed (the same contact and campaign always get the same text, two
 * contacts almost never the same one), keeping every word of the owner's body; and a suggestion from a goal.
 */

const GREETINGS = ['Oi', 'Olá', 'Oie', 'Ei', 'Oi oi'];
const ASKS = ['', 'Tudo bem?', 'Tudo certo por aí?', 'Como vai?', 'Espero que esteja bem.'];
const CLOSINGS = [
  '',
  'Qualquer dúvida, é só responder por aqui.',
  'Se quiser, me responde que eu te ajudo.',
  'Estou por aqui se precisar.',
  'É só chamar!',
  'Me conta se tiver interesse 😊',
  'Fico à disposição.',
];
const EMOJIS = ['', ' 😊', ' ✨', ' 🙌', ' 💛'];

/** A small stable hash of the seed (FNV-1a). */
function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The owner's greeting (and the name after it) apart from the body: the variation brings its own greeting. */
function split(text: string): { name: string | null; main: string } {
  const m = /^\s*(oi|olá|ola|bom dia|boa tarde|boa noite)(?=[\s,!.]|$)\s*,?\s*([^!,.?]{0,25})[!,.?]?\s*/i.exec(text);
  if (!m) return { name: null, main: text.trim() };
  return { name: m[2]?.trim() || null, main: text.slice(m[0].length).trim() };
}

export function demoCampaignVariation(text: string, seed: string): string {
  const h = hash(seed);
  const { name, main } = split(text);
  const opener = `${GREETINGS[h % GREETINGS.length]!}${name ? `, ${name}` : ''}!`;
  const ask = ASKS[(h >>> 4) % ASKS.length]!;
  const closing = CLOSINGS[(h >>> 8) % CLOSINGS.length]!;
  const emoji = EMOJIS[(h >>> 16) % EMOJIS.length]!;
  return [opener, ask, `${main}${emoji}`, closing].filter(Boolean).join(' ').trim();
}

export function demoCampaignSuggestion(goal: string, business: string): string {
  const what = goal.trim().replace(/[.!]+$/, '') || 'novidades';
  const who = business.trim() ? ` aqui da ${business.trim()}` : '';
  return `Oi, {nome}! Faz tempo que a gente não se fala${who}. Pensei em você: ${what}. Quer que eu te mostre? Se não quiser mais receber, é só responder SAIR.`;
}
