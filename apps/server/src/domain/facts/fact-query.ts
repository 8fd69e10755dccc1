import type { ContextMessage } from '../ai-reply/history.ts';
import type { FactQuery } from './fact-source.ts';

/** Words that say nothing about which product is meant (greetings, prices, pronouns). */
const COMMON = new Set(
  (
    'oi ola bom dia boa tarde noite tudo bem obrigado obrigada por favor voce voces vcs que qual quais quanto ' +
    'quanta quantos quantas custa custam preco precos valor valores reais real tem temos ter queria quero ' +
    'gostaria saber sobre esse essa esses essas isso aqui ali para pra com sem uma umas uns dos das nos nas ' +
    'mais menos muito pode podem poderia como onde quando ainda entao tambem vou vai sim nao meu minha seu sua ' +
    'ele ela eles elas pelo pela foto fotos manda mandar envia enviar'
  ).split(' '),
);

const MAX_WORDS = 12;
/** Customer messages read for retrieval (newest first, up to the agent's last answer and a little before). */
const MAX_MESSAGES = 3;

export function normaliseWords(text: string): string[] {
  const words =
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[a-z0-9]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !COMMON.has(w)))].slice(0, MAX_WORDS);
}

/** The retrieval query of a reply: the customer's latest text messages (captions and transcripts included). */
export function factQueryOf(recentNewestFirst: readonly ContextMessage[]): FactQuery {
  const texts = recentNewestFirst
    .filter((m) => m.direction === 'in')
    .map((m) => [m.content, m.insight?.state === 'done' ? m.insight.text : null].filter(Boolean).join(' '))
    .filter(Boolean)
    .slice(0, MAX_MESSAGES);
  const text = texts.join('\n');
  return { text, words: normaliseWords(text) };
}
