import { normalise } from '@vendai/contracts/answer-text';

/** A business fact as the demo AI receives it with a reply task. */
export interface DemoFact {
  label: string;
  text: string;
}

/** Word starts that say nothing about which fact is meant ('Vocês…?', 'Qual…?'). */
const COMMON_STEMS = new Set(['voces', 'voce', 'qual', 'quais', 'quant', 'sobre', 'tenho', 'quero', 'queri', 'podem']);
const stemsOf = (text: string) =>
  new Set((normalise(text).match(/[a-z0-9]{4,}/g) ?? []).map((w) => w.slice(0, 5)).filter((s) => !COMMON_STEMS.has(s)));
/** The source part of a fact's label ('Catálogo: Bolo' → 'Bolo', 'Perguntas frequentes: Vocês entregam?' → the question). */
const subjectOf = (label: string) => label.replace(/^(Catálogo|Perguntas frequentes): /, '');

/**
 * The demo AI's answer from the business's facts (offline, deterministic): the first fact whose
 * subject shares a word with the customer's message — a product as 'Bolo de chocolate: R$ 80,00 por
 * unidade.' (the item line the facts block starts with, decision 025), a FAQ entry as the owner's
 * answer itself. Null when no fact matches.
 */
export function demoFactAnswer(lastCustomer: string, facts: readonly DemoFact[]): string | null {
  const wanted = stemsOf(lastCustomer);
  const hit = facts.find((f) => [...stemsOf(subjectOf(f.label))].some((s) => wanted.has(s)));
  if (!hit) return null;
  if (hit.label.startsWith('Perguntas frequentes: ')) return hit.text;
  const line = /^(.*?) \((?:Produto|Serviço)\) — (.*?)\.(?: |$)/.exec(hit.text);
  if (!line) return null;
  const availability = /Disponibilidade: (Esgotado|Sob encomenda)\./.exec(hit.text)?.[1];
  const note = availability ? ` (${availability.toLowerCase()} no momento)` : '';
  return `${line[1]}: ${line[2]}${note}.`;
}
