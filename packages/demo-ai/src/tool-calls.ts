import { normalise } from '@vendai/contracts/answer-text';
import type { DemoMessage, DemoRequest, DemoToolCall, DemoToolTurn } from './demo-types.ts';
import { type DemoFact, demoFactAnswer } from './fact-reply.ts';
import { detectIntent } from './reply.ts';

/**
 * The demo AI's tool calls (offline, deterministic; docs/decisions/027-tool-calls-and-retrieved-context.md):
 * a customer asking about a product or a price that none of the given facts is about makes it look the
 * catalogue up first (`buscar_catalogo`); another question nothing answers, the knowledge base
 * (`buscar_conhecimento`). One lookup per answer; then it answers from the facts and what it found.
 */

/** Words that say nothing about what is looked for. */
const FILLER = new Set(
  (
    'quanto quanta quantos quantas custa custam preco precos valor valores queria quero gostaria saber ' +
    'voces voce qual quais sobre tenho podem poderia vende vendem aquele aquela esse essa isso favor'
  ).split(' '),
);

/** What the demo searches for: the message's last three meaningful words (customers end on the thing). */
export function lookupWords(text: string): string {
  const words = (text.match(/[\p{L}\p{N}]{4,}/gu) ?? []).filter((w) => !FILLER.has(normalise(w)));
  return words.slice(-3).join(' ');
}

const isTurn = (m: DemoMessage | DemoToolTurn): m is DemoToolTurn => m.role === 'tool' || 'toolCalls' in m;

/** The facts the request's tool results brought (`{resultados: [{fonte, texto, foto?}]}`). */
export function toolResultFacts(request: DemoRequest): DemoFact[] {
  return request.messages.flatMap((m) => {
    if (m.role !== 'tool') return [];
    try {
      const parsed = JSON.parse(m.content) as { resultados?: { fonte: string; texto: string; foto?: string }[] };
      return (parsed.resultados ?? []).map((r) => ({
        label: r.fonte,
        text: r.texto,
        ...(r.foto ? { photoId: r.foto } : {}),
      }));
    } catch {
      return [];
    }
  });
}

/** The call the demo makes before answering, or null when it answers at once. */
export function demoToolCalls(request: DemoRequest): DemoToolCall[] {
  const task = request.task;
  const offered = new Set((request.tools ?? []).map((t) => t.name));
  if (task?.kind !== 'reply' || request.toolChoice === 'none' || request.messages.some(isTurn)) return [];
  const last = [...task.history].reverse().find((m) => m.role === 'user')?.content ?? '';
  if (demoFactAnswer(last, task.facts ?? []) !== null) return [];
  const intent = detectIntent(last);
  const name =
    intent === 'price' || intent === 'product'
      ? 'buscar_catalogo'
      : intent === 'other' && last.trim().endsWith('?')
        ? 'buscar_conhecimento'
        : null;
  const consulta = lookupWords(last);
  if (!name || !offered.has(name) || !consulta) return [];
  return [{ id: 'demo-call-1', name, arguments: JSON.stringify({ consulta }) }];
}
