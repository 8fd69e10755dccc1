import { normalise } from '@vendai/contracts/answer-text';
import type { DemoMessage } from './demo-types.ts';

/** Openings per touch (1st, 2nd, 3rd): gentle, no pressure. */
const OPENINGS: readonly (readonly string[])[] = [
  ['Oi! Passando para saber se ficou alguma dúvida', 'Oi! Conseguiu ver o que te mandei'],
  ['Oi, tudo bem? Só lembrando da nossa conversa', 'Oi! Ainda posso te ajudar'],
  ['Oi! Última mensagem por aqui para não te incomodar', 'Oi! Fico à disposição se ainda tiver interesse'],
];

/** The customer's last words, as a short topic ('sobre "quanto custa o bolo"'). */
function topicOf(history: readonly DemoMessage[]): string | null {
  const last = [...history].reverse().find((m) => m.role === 'user' && !m.content.startsWith('('));
  const text = last?.content.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text;
}

/**
 * The demo AI's follow-up touch (docs/decisions/037-follow-ups.md): short, about what this customer
 * asked (so two customers get different texts), a different opening per touch, never the previous text.
 */
export function demoFollowUp(history: readonly DemoMessage[], step: number, previous: string | null): string {
  const openings = OPENINGS[Math.min(Math.max(step, 1), OPENINGS.length) - 1]!;
  const topic = topicOf(history);
  const about = topic ? ` sobre "${topic}"` : '';
  const candidates = openings.map((o) =>
    step >= OPENINGS.length
      ? `${o}${about}. Se quiser seguir, é só responder 😊`
      : `${o}${about}? Posso te ajudar a fechar?`,
  );
  return candidates.find((c) => !previous || normalise(c) !== normalise(previous)) ?? `${candidates[0]} (${step})`;
}
